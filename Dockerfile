# One image for every role; ROLE picks what a container runs (web | api | worker | a comma list | all).
#   docker build -t nxn .
#   docker run -e ROLE=api -e DATABASE_URL=... -e FIREBASE_PROJECT_ID=... -e FILE_URL_SECRET=... -p 8787:8787 nxn
# See docs/production.md for the layout and every variable.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV ASTRO_TELEMETRY_DISABLED=1
RUN npm run build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# ffmpeg renders media in the worker role, with fonts for burned-in captions in every alphabet of the voice
# catalogue; tini forwards SIGTERM so shutdown is graceful.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini ca-certificates \
    fonts-dejavu-core fonts-liberation2 fonts-noto-core fonts-nanum fonts-wqy-microhei \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 DATA_DIR=/data ROLE=api
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY drizzle ./drizzle
COPY src ./src
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4321 8787
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "src/server/main.ts"]
