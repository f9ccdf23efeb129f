# The shop's container image (ADR 0112). Its build and start steps are the project's own scripts
# (`npm install` (the committed lockfile), `npm run build`, `npm start`), the ones CI runs, so CI exercises them without a container engine.

# --- build: install exactly the locked dependencies, build the app (writes build/ and its source stamp),
# then drop the build and test tools (ADR 0142). `--no-save` keeps the lockfile as committed: the stamp covers it.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-save --no-audit --no-fund

# --- runtime: the built app with its sources and production dependencies (`npm start` finds the build stamp matching and does not rebuild)
FROM node:24-bookworm-slim AS runtime
# pg_dump/pg_restore for `npm run backup` on PostgreSQL (Debian 12's client is PostgreSQL 15), tar for the backup file,
# tini as process 1 (it passes signals on and reaps orphans; ADR 0171).
RUN apt-get update \
	&& apt-get install -y --no-install-recommends postgresql-client tar tini \
	&& rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
	HOST=0.0.0.0 \
	PORT=3000 \
	DATA_DIR=/data \
	MALLOC_ARENA_MAX=2 \
	NODE_OPTIONS=--max-semi-space-size=8
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
# The image's own unprivileged user (uid 1000), never root.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start`'s script run by node itself under tini: SIGTERM and SIGINT reach the shop, which stops within 10 s.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/start.mjs"]
