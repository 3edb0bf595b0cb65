/**
 * The environment every ffmpeg and ffprobe we start runs in: the server's own, plus glibc's allocator settings. A
 * 1080p frame is 3 MB: by default each one is a fresh mapping, faulted in 4 KiB page by page and handed back when
 * freed, and in a virtual machine those faults are dear. With transparent huge pages on request (`hugetlb=1`, a no-op
 * where the kernel has them off) and freed memory kept for the next frame (the two thresholds), clip renders measured
 * 7-24 % less CPU and the encoding ffmpeg a thirteenth of the page faults, for 9-14 % more peak memory on a 1-minute
 * render (docs/benchmarks.md "Video pipeline with video clips"). An operator's own GLIBC_TUNABLES come last, so they
 * win.
 */
const MALLOC_TUNABLES =
  'glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728';
export const FFMPEG_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GLIBC_TUNABLES: [MALLOC_TUNABLES, process.env['GLIBC_TUNABLES']].filter(Boolean).join(':'),
};
