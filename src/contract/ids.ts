/**
 * Every id the API hands out (videos, speech, images, scripts, jobs, files) is a UUID. An id of any other shape
 * names nothing, so both sides answer "not found" for it without asking the database (which would refuse it).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);
