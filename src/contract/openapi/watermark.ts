/** Watermark removal: a resumable upload, detection, boxes, previews and the render job. */

import { HistoryQuery } from '../paging.ts';
import {
  boxesRequestSchema,
  previewRequestSchema,
  resultFrameRequestSchema,
  watermarkPageSchema,
  watermarkRecordSchema,
} from '../watermark.ts';
import { type Endpoint, ID } from './types.ts';

const byId = { params: { id: ID } };
const TAG = 'Watermark removal';
const box = {
  id: 'b1',
  x: 0.8,
  y: 0.05,
  w: 0.15,
  h: 0.08,
  method: 'delogo',
  startS: null,
  endS: null,
  detected: false,
};
const tus =
  'The tus resumable upload protocol (tus.io, version 1.0.0): create with POST and `Upload-Length`, `Upload-Metadata` ' +
  '(`filename`, and `rights` = `confirmed` to confirm you may edit the video), then send the bytes with PATCH and ' +
  '`Upload-Offset`; HEAD tells how much arrived. MP4, MOV, WebM or MKV.';

export const watermarkEndpoints: Endpoint[] = [
  {
    method: 'post',
    path: '/watermark-removal/uploads',
    tag: TAG,
    summary: 'Start a resumable video upload',
    description: tus,
    status: 201,
  },
  {
    method: 'head',
    path: '/watermark-removal/uploads/:id',
    tag: TAG,
    summary: 'How much of an upload arrived',
    description: tus,
    status: 200,
    example: byId,
  },
  {
    method: 'patch',
    path: '/watermark-removal/uploads/:id',
    tag: TAG,
    summary: 'Send the next bytes of an upload',
    description: `${tus} The last byte makes the removal record.`,
    rawBody: { contentType: 'application/offset+octet-stream', description: 'The next bytes of the video.' },
    status: 204,
    errors: {
      409: 'Upload-Offset is not where the upload stands: ask with HEAD and send from there',
      422: 'The finished file is refused (not a video we can read, too long, past your storage): the message says why',
    },
    example: byId,
  },
  {
    method: 'get',
    path: '/watermark-removal',
    tag: TAG,
    summary: 'Your removals, newest first',
    query: HistoryQuery,
    answer: watermarkPageSchema,
    paged: true,
    status: 200,
    example: { query: { limit: '12' } },
  },
  {
    method: 'get',
    path: '/watermark-removal/:id',
    tag: TAG,
    summary: 'One removal',
    answer: watermarkRecordSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'post',
    path: '/watermark-removal/:id/detect',
    tag: TAG,
    summary: 'Find the marks on the video',
    answer: watermarkRecordSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'put',
    path: '/watermark-removal/:id/boxes',
    tag: TAG,
    summary: 'Save the boxes to remove',
    body: boxesRequestSchema,
    answer: watermarkRecordSchema,
    status: 200,
    example: { ...byId, body: { boxes: [box] } },
  },
  {
    method: 'post',
    path: '/watermark-removal/:id/preview',
    tag: TAG,
    summary: 'Preview a frame or short clip with the boxes removed',
    description: 'A JPEG frame, or an MP4 clip for `kind: "clip"`.',
    body: previewRequestSchema,
    answerType: 'image/jpeg',
    status: 200,
    example: { ...byId, body: { boxes: [box], atS: 2, kind: 'frame' } },
  },
  {
    method: 'post',
    path: '/watermark-removal/:id/result-frame',
    tag: TAG,
    summary: 'A frame of the finished clean copy',
    body: resultFrameRequestSchema,
    answerType: 'image/jpeg',
    status: 200,
    errors: { 409: 'This video has no clean copy yet' },
    example: { ...byId, body: { atS: 2 } },
  },
  {
    method: 'post',
    path: '/watermark-removal/:id/render',
    charges: true,
    tag: TAG,
    summary: 'Render the clean copy',
    description: 'A job: credits are held at once (402 when short). Starting again after a failure is the retry.',
    answer: watermarkRecordSchema,
    idempotent: true,
    status: 202,
    errors: { 409: 'This video is already being cleaned, or its upload is no longer in your storage' },
    example: byId,
  },
  {
    method: 'post',
    path: '/watermark-removal/:id/cancel',
    tag: TAG,
    summary: 'Cancel a render',
    answer: watermarkRecordSchema,
    status: 200,
    errors: { 409: 'Nothing is being cleaned' },
    example: byId,
  },
  {
    method: 'delete',
    path: '/watermark-removal/:id',
    tag: TAG,
    summary: 'Delete a removal and its files',
    status: 204,
    example: byId,
  },
];
