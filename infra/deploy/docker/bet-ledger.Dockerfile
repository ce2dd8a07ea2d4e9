# syntax=docker/dockerfile:1
# bet-ledger: the bet ledger, with the back-office web app it serves (LEDGER_BACKOFFICE_WEB_ROOT) and the migration and
# topic commands its Jobs run (apps/bet-ledger/dist/cli/migrate.js, infra/kafka/create-topics.mjs).
# Built from the repository's root: docker build -f infra/deploy/docker/bet-ledger.Dockerfile -t casino/bet-ledger .
# (docs/deployment.md; no image is built on the development machines, tools/deploy-check checks this file's paths).
# NODE_VERSION: the major of the root package.json's engines.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# Every workspace's manifest and sources: npm ci installs the lock's whole tree, then the same build script the tests
# run builds this app and what it depends on (turbo, scripts/build.sh).
COPY package.json package-lock.json turbo.json tsconfig.base.json ./
COPY scripts ./scripts
COPY packages ./packages
COPY apps ./apps
COPY tools ./tools
COPY infra/kafka/create-topics.mjs infra/kafka/create-acls.mjs ./infra/kafka/
RUN npm ci --no-audit --no-fund
RUN bash scripts/build.sh @casino/bet-ledger @casino/back-office-web
# Development dependencies out of node_modules (TypeScript, jest, turbo…): the runtime stage copies the rest.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
# The workspace packages node_modules/@casino links to (each one's dist and package.json).
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/apps/bet-ledger ./apps/bet-ledger
COPY --from=build --chown=node:node /app/apps/back-office-web/dist ./apps/back-office-web/dist
COPY --from=build --chown=node:node /app/infra/kafka/create-topics.mjs /app/infra/kafka/create-acls.mjs ./infra/kafka/
USER node
EXPOSE 3100
CMD ["node", "--max-semi-space-size=64", "apps/bet-ledger/dist/main.js"]
