/**
 * Every module that registers a job kind, imported by the API (to validate and price on accept) and by workers
 * (to run). A feature adds one import line here for its handler module.
 */
import '../studios/images/job.ts';
import '../studios/speech/job.ts';
import '../media/video-job.ts';
