/** The one interface image generators sit behind: scene backgrounds for videos and the image studio alike. */

export interface ImageRequest {
  prompt: string;
  width: number;
  height: number;
  /** Same prompt and seed → the same image where the engine allows it (the offline one always does). */
  seed?: number;
  negativePrompt?: string;
  style?: string;
  signal?: AbortSignal;
}

export interface GeneratedImage {
  png: Buffer;
  /** What the engine actually produced; cloud engines only offer a few sizes. */
  width: number;
  height: number;
}

export interface ImageProvider {
  /** "designed" or "openai", for logs and the studio's label. */
  readonly id: string;
  generate(request: ImageRequest): Promise<GeneratedImage>;
}
