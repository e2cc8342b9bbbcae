# Arbiter: one static binary on a minimal base image.
#   docker build -t arbiter .
#   docker run --rm -v "$PWD/data:/data:ro" arbiter ask "rule 302.6"
#   docker run --rm -v "$PWD/data:/data:ro" -e DISCORD_TOKEN=... arbiter serve --config /etc/arbiter/config.toml
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/arbiter ./cmd/arbiter

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/arbiter /usr/local/bin/arbiter
# The data directory (CR text, card and tournament data) is mounted here.
ENV ARBITER_DATA=/data
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/arbiter"]
CMD ["--help"]
