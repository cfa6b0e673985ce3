#!/usr/bin/env bash
# Builds every image under deploy/images without a container daemon or an image registry:
# Debian's buildah (vfs storage, chroot isolation) on a local Debian bookworm base that
# debootstrap makes once. The storage is buildah's default, /var/lib/containers/storage.
#
#   bash scripts/images.sh            base (if missing) and every image whose inputs changed
#   GAMEROOM_IMAGE_TAG=x bash scripts/images.sh
#
# debootstrap fetches the base from the Debian mirror this machine's apt uses (its sources
# lists, read by scripts/debian_mirror.py), or from GAMEROOM_DEBIAN_MIRROR when that is set.
#
# Needs root (debootstrap, chroot). Prints the time of every step and the storage size.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=${GAMEROOM_IMAGE_BASE:-localhost/gameroom/python:3.11-bookworm}
TAG=${GAMEROOM_IMAGE_TAG:-dev}
STORE=(--storage-driver "${GAMEROOM_IMAGE_STORAGE_DRIVER:-vfs}")
# The build machine's CA bundle, mounted (never copied) into every RUN step, so pip reaches
# PyPI through a TLS-inspecting proxy too; the images keep their own bundle.
CA_BUNDLE=${GAMEROOM_BUILD_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
MOUNTS=()
[ -f "$CA_BUNDLE" ] && MOUNTS=(--volume "$CA_BUNDLE:/etc/ssl/certs/ca-certificates.crt:ro")

missing=()
for tool in buildah podman debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

# Raised whenever the way the base is made changes, so an older base is made again.
BASE_REVISION=2
revision=$(buildah "${STORE[@]}" inspect --type image \
  --format '{{index .OCIv1.Config.Labels "org.gameroom.base-revision"}}' "$BASE" 2>/dev/null || true)
if [ "$revision" != "$BASE_REVISION" ]; then
  started=$SECONDS
  if [ -n "${GAMEROOM_DEBIAN_MIRROR:-}" ]; then
    MIRROR=$GAMEROOM_DEBIAN_MIRROR
  else
    MIRROR=$(python3 scripts/debian_mirror.py)
  fi
  echo "images: base from $MIRROR"
  rootfs=$(mktemp -d)
  trap 'rm -rf "$rootfs"' EXIT
  # Bookworm's python3 is 3.11, the version python:3.11-slim has; python-is-python3 gives the
  # `python` the Dockerfiles call, python3-pip the `pip install --python` of the build stage.
  debootstrap --variant=minbase --include=python3,python3-venv,python3-pip,python-is-python3 \
    bookworm "$rootfs" "$MIRROR"
  # python:3.11-slim's Python is not Debian's, so it carries no PEP 668 marker; neither does
  # this base (pip installs only into the images' /opt/venv).
  rm -f "$rootfs"/usr/lib/python3*/EXTERNALLY-MANAGED
  # mktemp made the folder 0700 and tar records it as the image's /: the images' uid 10001
  # could then reach nothing ("permission denied" on its own python).
  chmod 0755 "$rootfs"
  tar -C "$rootfs" -c . | podman "${STORE[@]}" import --change "LABEL org.gameroom.base-revision=$BASE_REVISION" - "$BASE"
  rm -rf "$rootfs"
  trap - EXIT
  echo "images: base $BASE in $((SECONDS - started)) s"
fi

# What an image is made from: its Dockerfile, the files its COPY lines take (less what
# .dockerignore keeps out) and the base's ID. An image whose inputs are unchanged since it was
# built is not built again: even a build whose every step comes from the layer cache makes a
# vfs copy of the root filesystem per step, minutes per image.
STAMPS=${GAMEROOM_IMAGE_STAMPS:-/var/lib/containers/gameroom-stamps}
mkdir -p "$STAMPS"
inputs_of() {
  local dockerfile=$1 sources
  sources=$(awk '$1 == "COPY" && $2 !~ /^--/ { for (i = 2; i < NF; i++) print $i }' "$dockerfile")
  {
    sha256sum "$dockerfile"
    # shellcheck disable=SC2086 # the sources are the Dockerfile's own words
    find $sources -type f ! -path '*/__pycache__/*' ! -name '*.py[cod]' ! -name '*.sqlite*' ! -name '*.db' \
      -print0 | sort -z | xargs -0 sha256sum
    buildah "${STORE[@]}" inspect --type image --format '{{.FromImageID}}' "$BASE"
  } | sha256sum | cut -d' ' -f1
}

total=$SECONDS
for service in cards boards dice words ai gateway; do
  name=$([ "$service" = gateway ] && echo gateway || echo "svc-$service")
  image="localhost/gameroom/$name:$TAG"
  dockerfile="deploy/images/$service.Dockerfile"
  started=$SECONDS
  inputs=$(inputs_of "$dockerfile")
  id=$(buildah "${STORE[@]}" inspect --type image --format '{{.FromImageID}}' "$image" 2>/dev/null || true)
  if [ -n "$id" ] && [ "$(cat "$STAMPS/$name-$TAG" 2>/dev/null)" = "$inputs $id" ]; then
    echo "images: $image unchanged (${id:0:12}), not built again"
    continue
  fi
  # --format docker keeps HEALTHCHECK (OCI images have no such field); --layers lets the family
  # images share their identical build steps.
  buildah "${STORE[@]}" bud --isolation chroot --format docker --layers "${MOUNTS[@]}" \
    --build-arg "BASE=$BASE" -t "$image" -f "$dockerfile" .
  id=$(buildah "${STORE[@]}" inspect --type image --format '{{.FromImageID}}' "$image")
  echo "$inputs $id" >"$STAMPS/$name-$TAG"
  echo "images: $image in $((SECONDS - started)) s"
done
echo "images: all six in $((SECONDS - total)) s"
buildah "${STORE[@]}" images --filter reference='localhost/gameroom/*'
du -sh /var/lib/containers/storage
