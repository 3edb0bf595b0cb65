import { getCollection } from 'astro:content';
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { brand } from '~/config/brand';
import { byNewest } from '~/layouts/blog-format';

export async function GET(context: APIContext) {
  const posts = (await getCollection('blog')).sort(byNewest);
  return rss({
    title: `${brand.productName} blog`,
    description: `Guides from the ${brand.productName} team on AI video, scriptwriting and text to speech.`,
    site: context.site ?? brand.siteUrl,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.pubDate,
      link: `/blog/${post.id}`,
      categories: post.data.tags,
      author: `${brand.supportEmail} (${post.data.author})`,
    })),
    customData: '<language>en-us</language>',
    // Match the pages' canonical URLs, which carry no trailing slash.
    trailingSlash: false,
  });
}
