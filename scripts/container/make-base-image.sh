#!/bin/sh
# Makes a Debian base image from Debian's own packages, for a machine that reaches a Debian mirror but no image
# registry, and imports it into Podman under the name given. The result is close to Debian's bookworm-slim image:
# the minimal set of packages (apt, bash, coreutils, passwd…), without manuals, documentation or translations.
#
#   make-base-image.sh IMAGE [SUITE] [MIRROR]
#   make-base-image.sh localhost/platform-base:bookworm bookworm http://deb.debian.org/debian
#
# Then build with: podman build --build-arg BASE_IMAGE=localhost/platform-base:bookworm …
set -eu

image=${1:?the name to give the image, e.g. localhost/platform-base:bookworm}
suite=${2:-bookworm}
mirror=${3:-http://deb.debian.org/debian}

tarball=$(mktemp --suffix=.tar)
trap 'rm -f "$tarball"' EXIT

# mmdebstrap reads a list of mirrors from its standard input when that is not a terminal: give it none.
mmdebstrap --variant=minbase \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-include=/usr/share/locale/locale.alias' \
  "$suite" "$tarball" "$mirror" </dev/null
podman import --change 'CMD ["/bin/bash"]' "$tarball" "$image"
echo "make-base-image: $image made from Debian $suite"
