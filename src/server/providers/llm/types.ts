/** The one interface every chat model sits behind. Failures are ProviderErrors (providers/http.ts). */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  /** Ask for a single JSON object when the endpoint supports it. */
  json?: boolean;
  signal?: AbortSignal;
}

export interface ChatProvider {
  /** Stable id for logs, e.g. "openai-compatible". */
  readonly id: string;
  readonly model: string;
  complete(messages: ChatMessage[], options?: ChatOptions): Promise<string>;
}
