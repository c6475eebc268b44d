# syntax=docker/dockerfile:1
# The loyalty service. Build: docker build -t loyalty-service .  (docker-compose.yml builds it too)
# Node 24: a supported LTS line (the service runs on Node 20 or later).

# --- dependencies: installed from the lockfile alone, so a change of the source reuses this layer
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` compiles the source, which is not here yet (the build stage runs it).
RUN npm ci --ignore-scripts --no-audit --no-fund

# --- build: compile, then drop the dev dependencies
FROM deps AS build
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY bin ./bin
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# --- runtime: compiled code and production dependencies only, as the unprivileged `node` user
FROM node:24-bookworm-slim
# glibc: fewer arenas (libvips decodes uploads on several threads), and blocks over 128 KB always
# mapped on their own, so the multi-MB buffers of image uploads go back to the system once freed
# instead of staying in the process (measured: peak 741 MB -> 518 MB, see docs/benchmarks.md).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/bin ./bin
# Embedded PGlite (the default store, or the webhook outbox and checkpoints without DATABASE_URL).
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Ready = every configured store answers and the read models are not far behind the log.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The CLI in the container: docker compose exec loyalty node bin/loyalty.js <command>
# The Node flags of `npm start` (docs/operations.md#node-flags).
CMD ["node", "--max-semi-space-size=64", "dist/main.js"]
