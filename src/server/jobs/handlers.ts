/**
 * Every module that registers a job kind, imported by the API (to validate and price on accept) and by workers
 * (to run). A feature adds one import line here for its handler module.
 */
import '../features/images/job.ts';
import '../features/speech/job.ts';
import '../features/videos/render.ts';
