// @ts-check

import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { APP_ROUTES } from './src/app/routes.ts';

// The site URL feeds canonical links, Open Graph tags, the sitemap and RSS.
const site = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

// The protected app pages (noindex), the app shell, /login + /signup (canonical: /auth) and the text-to-speech
// post's second address (canonical: /blog/tts-tools).
const notInSitemap = new Set([
  '/app-shell',
  '/best-text-to-speech-tools',
  ...APP_ROUTES.filter((route) => route.path !== '/auth').map((route) => route.path),
]);

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [
    react(),
    mdx(),
    sitemap({
      // Only public, indexable pages belong in the sitemap; the signed-in app is noindex.
      filter: (page) => !notInSitemap.has(new URL(page).pathname.replace(/\/+$/, '')),
      // Canonical links carry no trailing slash (src/layouts/meta.ts); the sitemap must list the same URLs.
      serialize: (item) => {
        const url = new URL(item.url);
        url.pathname = url.pathname.replace(/(.)\/+$/, '$1');
        return { ...item, url: url.href };
      },
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
