# syntax=docker/dockerfile:1
# The loyalty service. Build: docker build -t loyalty-service .  (docker-compose.yml builds it too)

# --- build: install from the lockfile (npm ci runs `prepare`, which compiles to dist/), then drop dev dependencies
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY bin ./bin
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: compiled code and production dependencies only, as the unprivileged `node` user
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
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
CMD ["node", "dist/main.js"]
