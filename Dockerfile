# The server as one container: `docker build -t contact-cards .`, or `docker compose up` with
# compose.yaml beside it (PostgreSQL, Redis, MinIO, a TLS proxy). Not run on the development
# machine (it has no container engine); test/api/deployment-files.test.ts keeps this file in
# line with package.json and server/config.ts. See docs/deployment.md.

# Node as package.json's engines asks (>=20.19); Debian, as sharp's and better-sqlite3's
# prebuilt binaries expect glibc.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The owner app (Vite) into dist/app.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# The data folder: the embedded SQLite database and uploads when no DATABASE_URL / S3_BUCKET
# is set; with them it only holds the e-mail outbox fallback and the generated secret.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness only: /readyz also checks the database, Redis and storage (docs/deployment.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM finishes requests in flight, writes pending view counts, then closes Redis and the
# database (server/main.ts); compose's stop_grace_period leaves it the 10 s it may take.
CMD ["node", "--import", "tsx", "server/main.ts"]
