/** Downloads (signed links) and the user's own uploaded files. */
import { FileInfo, SignedUrl } from '../api.ts';
import { UploadList, UploadQuery } from '../storage.ts';
import { type Endpoint, ID } from './types.ts';

const byId = { params: { id: ID } };

export const fileEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/files/:id',
    tag: 'Files',
    summary: 'Download a file',
    description:
      'Through a signed link from `GET /files/{id}/url` (its `exp` and `sig` query parameters), with no token, so ' +
      "a link works as a <video> or <img> source; or with a signed-in session's token. An API key asks for a " +
      'signed link instead (403 here). Byte ranges are served. Anyone else gets 404.',
    scope: 'session',
    signedLink: true,
    answerType: 'application/octet-stream',
    status: 200,
    example: byId,
  },
  {
    method: 'get',
    path: '/files/:id/url',
    tag: 'Files',
    summary: 'A short-lived signed link to a file',
    answer: SignedUrl,
    status: 200,
    example: byId,
    answerExample: {
      url: `https://api.example.com/files/${ID}?exp=1790000000&sig=abc`,
      expiresAt: '2026-11-26T12:00:00.000Z',
    },
  },
  {
    method: 'get',
    path: '/files/:id/info',
    tag: 'Files',
    summary: "A file's type, size and name",
    answer: FileInfo,
    status: 200,
    example: byId,
  },
  {
    method: 'post',
    path: '/files/upload',
    idempotent: true,
    tag: 'Files',
    summary: 'Upload a file as the raw body',
    description: 'Within your storage quota. `name` is its display name.',
    rawBody: {
      contentType: 'application/octet-stream',
      description:
        'The file itself; Content-Type is its type: PNG, JPEG, WebP, GIF, MP3, WAV, OGG, WebM, MP4, MOV, text or PDF.',
    },
    query: UploadQuery,
    answer: FileInfo,
    status: 201,
    example: { query: { name: 'logo.png' } },
  },
  { method: 'get', path: '/uploads', tag: 'Files', summary: 'Your uploaded files', answer: UploadList, status: 200 },
  {
    method: 'delete',
    path: '/uploads/:id',
    tag: 'Files',
    summary: 'Delete an uploaded file',
    description: '409 while a video being made uses it.',
    status: 204,
    errors: { 409: 'A video being made uses this file: delete it once the video has finished' },
    example: byId,
  },
];
