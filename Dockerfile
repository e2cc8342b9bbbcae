# Arbiter: one static binary on a minimal base image (no shell, no curl).
#
#   docker build -t arbiter .                      # --build-arg VERSION=v1.4.0 sets --version
#
# The data directory is the volume /data, owned by the image's non-root user
# (distroless "nonroot", uid 65532) so that `data update` can write it. A
# named volume is created with that owner; a host directory must be made
# writable for it first (sudo chown -R 65532:65532 ./data), or mounted :ro
# when it is only read.
#
#   docker volume create arbiter-data
#   docker run --rm -v arbiter-data:/data arbiter data update
#   docker run --rm -v arbiter-data:/data:ro arbiter ask "rule 302.6"
#
# The gateway bot; the configuration file is mounted read-only and the
# secrets come from the environment:
#
#   docker run -d --name arbiter -v arbiter-data:/data:ro \
#     -v "$PWD/arbiter.toml:/etc/arbiter/config.toml:ro" \
#     -e DISCORD_TOKEN -e DISCORD_APPLICATION_ID -e REDIS_URL \
#     -p 127.0.0.1:9090:9090 \
#     arbiter serve --config /etc/arbiter/config.toml
#
# The HTTP interactions endpoint, behind a reverse proxy that terminates
# HTTPS (Discord only POSTs to https:// URLs); register the commands once:
#
#   docker run --rm -v "$PWD/arbiter.toml:/etc/arbiter/config.toml:ro" -v arbiter-data:/data:ro \
#     -e DISCORD_TOKEN -e DISCORD_APPLICATION_ID arbiter register --config /etc/arbiter/config.toml
#   docker run -d --name arbiter-http -v arbiter-data:/data:ro \
#     -v "$PWD/arbiter.toml:/etc/arbiter/config.toml:ro" \
#     -e DISCORD_PUBLIC_KEY -e REDIS_URL \
#     -p 127.0.0.1:8080:8080 -p 127.0.0.1:9090:9090 \
#     arbiter http --config /etc/arbiter/config.toml
#
# In the container both listeners bind 0.0.0.0 (ARBITER_HTTP_LISTEN and
# ARBITER_METRICS_LISTEN below; they override [http] listen and [metrics]
# listen of the file). Publish them on 127.0.0.1 or a private network: the
# metrics are not for the public, and the interactions endpoint should be
# reached through the HTTPS proxy.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=""
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o /out/arbiter ./cmd/arbiter
# The data volume's mount point, owned by the non-root user.
RUN mkdir -p /out/data && chown 65532:65532 /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/arbiter /usr/local/bin/arbiter
COPY --from=build --chown=65532:65532 /out/data /data
ENV ARBITER_DATA=/data \
    ARBITER_HTTP_LISTEN=0.0.0.0:8080 \
    ARBITER_METRICS_LISTEN=0.0.0.0:9090
VOLUME ["/data"]
# 8080: the HTTP interactions endpoint (`arbiter http`), also /healthz and
# /readyz. 9090: /metrics, /healthz and /readyz (`serve` and `http`).
EXPOSE 8080 9090
USER 65532:65532
# The metrics listener answers /healthz from start-up on (while the data
# loads) in both serve and http; one-shot commands (ask, data update) are
# not health-checked in practice since they exit first.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/arbiter", "healthcheck", "--timeout", "3s", "http://127.0.0.1:9090/healthz"]
ENTRYPOINT ["/usr/local/bin/arbiter"]
CMD ["--help"]
