/**
 * The MCP server's tools as people read about them (the /developers page). The server registers exactly these names,
 * each with a longer description written for a model (src/server/api/mcp/server.ts); tests/integration/mcp.test.ts
 * checks the two lists are the same.
 */
export const MCP_TOOLS: readonly { name: string; summary: string }[] = [
  { name: 'list_voices', summary: 'The voices a video or speech can use, with their languages' },
  { name: 'create_video', summary: 'Make a video from a script, with voice, aspect, resolution, captions and music' },
  { name: 'get_video', summary: "A video's status and progress, and its download link once ready" },
  { name: 'create_batch', summary: 'Make one video per row: rows of scripts, or a template filled from each row' },
  { name: 'get_batch', summary: "A batch's rows with each video's status, and the links of those made" },
  { name: 'generate_script', summary: 'Write a video script from a topic' },
  { name: 'synthesize_speech', summary: 'Turn text into speech' },
  { name: 'get_speech', summary: "A speech job's status, and its MP3 and WAV links once ready" },
  { name: 'generate_image', summary: 'Generate one to four images from a prompt' },
  { name: 'get_image', summary: "An image's status, and its PNG link once ready" },
  { name: 'get_balance', summary: 'Credits to spend, and credits held by running jobs' },
];
