import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Blog posts: one MDX file per post in content/blog; the file name (without .mdx) is the URL slug. */
const blog = defineCollection({
  loader: glob({ base: './content/blog', pattern: '*.mdx' }),
  schema: z.object({
    title: z.string().min(1).max(100),
    /** Used for the meta description, the list card and RSS; search engines show about 160 characters. */
    description: z.string().min(50).max(180),
    pubDate: z.coerce.date(),
    updatedDate: z.coerce.date().optional(),
    /** A path under public/ for the social preview; the site default is used when absent. */
    heroImage: z.string().startsWith('/').optional(),
    tags: z.array(z.string().min(1)).default([]),
    author: z.string().min(1),
  }),
});

export const collections = { blog };
