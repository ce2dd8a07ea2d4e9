# syntax=docker/dockerfile:1
# studio-games-service: the service of the studio games (Dragon Tiger, Football Studio, Sic Bo, Fan Tan;
# docs/adr/0007-one-service-for-the-studio-games.md), and the game migration command its Job runs
# (packages/table-kit/dist/migrations/cli/migrate.js).
# Built from the repository's root: docker build -f infra/deploy/docker/studio-games-service.Dockerfile -t casino/studio-games-service .
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
RUN npm ci --no-audit --no-fund
RUN bash scripts/build.sh @casino/studio-games-service
# Development dependencies out of node_modules (TypeScript, jest, turbo…): the runtime stage copies the rest.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
# The workspace packages node_modules/@casino links to (each one's dist and package.json).
COPY --from=build --chown=node:node /app/packages ./packages
COPY --from=build --chown=node:node /app/apps/studio-games-service ./apps/studio-games-service
USER node
EXPOSE 3106
CMD ["node", "apps/studio-games-service/dist/main.js"]
