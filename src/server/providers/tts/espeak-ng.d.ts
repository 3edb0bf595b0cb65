/** The parts of the eSpeak NG Emscripten build that the synthesis worker uses. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakRawEvent {
    type:
      | 'sentence'
      | 'word'
      | 'phoneme'
      | 'end'
      | 'mark'
      | 'play'
      | 'msg_terminated'
      | 'list_terminated'
      | 'samplerate';
    /** 1-based character position in the synthesised text. */
    text_position: number;
    word_length: number;
    /** Milliseconds from the start of the audio. */
    audio_position: number;
    id?: string | number;
  }

  export interface ESpeakNGWorker {
    /** 0 on success. */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    get_samplerate(): number;
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakRawEvent[]) => void): void;
    list_voices(): Array<{ name: string; identifier: string; languages: Array<{ priority: number; name: string }> }>;
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }

  const initialize: () => Promise<EspeakModule>;
  export default initialize;
}
