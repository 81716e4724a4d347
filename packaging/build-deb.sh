#!/usr/bin/env bash
# make deb: urn_VERSION_ARCH.deb from the stripped multi-call binary of `make dist`, with Debian's
# own tools: dpkg-shlibdeps computes the libraries it depends on, dpkg-gencontrol writes the
# control file (Depends, Installed-Size) from packaging/debian/control, dpkg-deb builds the
# archive. Beside it, urn-dbgsym_VERSION_ARCH.ddeb holds the debug symbols under
# /usr/lib/debug/.build-id, as debhelper's dh_strip lays them out.
#
# usage: build-deb.sh VERSION DIST OUT   (VERSION is Debian's: upstream-revision; DIST holds urn
# and urn.debug; OUT is where the two packages are written)
set -euo pipefail
umask 022
root=$(cd "$(dirname "$0")/.." && pwd)
version=${1:?version}
dist=$(cd "${2:?dist folder}" && pwd)
out=$(mkdir -p "${3:?output folder}" && cd "$3" && pwd)
tools=(urnparse urnmatch urnstack urnfmt)
arch=$(dpkg --print-architecture)
maintainer=$(sed -n 's/^Maintainer: //p' "$root/packaging/debian/control")

# Every file's time, and the changelog's date, is the last commit's: the same tree gives the
# same package.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}

# A source tree as debhelper lays it out: debian/control and debian/changelog, and each package's
# files under debian/PACKAGE, where dpkg-shlibdeps expects them.
src="$root/.build/deb"
rm -rf "$src"
pkg="$src/debian/urn"
dbg="$src/debian/urn-dbgsym"
mkdir -p "$pkg/DEBIAN" "$dbg/DEBIAN"

# The binary in libexec (not a command of its own name), the four tools links to it.
install -Dm755 "$dist/urn" "$pkg/usr/libexec/urn/urn"
mkdir -p "$pkg/usr/bin"
for t in "${tools[@]}"; do ln -s ../libexec/urn/urn "$pkg/usr/bin/$t"; done

# Man pages gzipped (-n: no name or time in the header, so the bytes are reproducible).
for page in "$root"/man/*.[1-8]; do
  section=${page##*.}
  install -Dm644 "$page" "$pkg/usr/share/man/man$section/$(basename "$page")"
  gzip -9n "$pkg/usr/share/man/man$section/$(basename "$page")"
done

# Completions where Debian's bash-completion, zsh and fish look for a package's own. The bash
# script is sourced, never run: its '#!/bin/bash' line (swift-argument-parser writes one) is left out.
for t in "${tools[@]}"; do
  install -d "$pkg/usr/share/bash-completion/completions"
  sed '1{/^#!/d}' "$root/completions/$t.bash" >"$pkg/usr/share/bash-completion/completions/$t"
  chmod 644 "$pkg/usr/share/bash-completion/completions/$t"
  install -Dm644 "$root/completions/_$t" "$pkg/usr/share/zsh/vendor-completions/_$t"
  install -Dm644 "$root/completions/$t.fish" "$pkg/usr/share/fish/vendor_completions.d/$t.fish"
done

# The copyright file (machine-readable) and a changelog of this version.
install -Dm644 "$root/packaging/debian/copyright" "$pkg/usr/share/doc/urn/copyright"
cp "$root/packaging/debian/control" "$src/debian/control"
{
  echo "urn ($version) unstable; urgency=medium"
  echo
  echo "  * urn ${version%-*}: the tools, their man pages and completions, as one"
  echo "    multi-call binary that urnparse, urnmatch, urnstack and urnfmt link to."
  echo
  echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} >"$src/debian/changelog"
gzip -9nc "$src/debian/changelog" >"$pkg/usr/share/doc/urn/changelog.Debian.gz"

# Debug symbols by build id, for the -dbgsym package.
build_id=$(readelf -n "$dist/urn" | sed -n 's/.*Build ID: //p')
install -Dm644 "$dist/urn.debug" "$dbg/usr/lib/debug/.build-id/${build_id:0:2}/${build_id:2}.debug"
mkdir -p "$dbg/usr/share/doc"
ln -s urn "$dbg/usr/share/doc/urn-dbgsym"

# Depends: the shared libraries the binary needs, as the Debian packages that provide them.
(
  cd "$src"
  dpkg-shlibdeps -Tdebian/urn.substvars debian/urn/usr/libexec/urn/urn
  dpkg-gencontrol -purn -Pdebian/urn -Tdebian/urn.substvars -fdebian/files
)
# The dbgsym control, as debhelper writes it (dpkg-gencontrol knows no package it does not list).
installed_kb=$(du -k -s --apparent-size "$dbg" | cut -f1)
cat >"$dbg/DEBIAN/control" <<EOF
Package: urn-dbgsym
Source: urn
Version: $version
Auto-Built-Package: debug-symbols
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_kb
Depends: urn (= $version)
Section: debug
Priority: optional
Description: debug symbols for urn
Build-Ids: $build_id
EOF

for dir in "$pkg" "$dbg"; do
  (cd "$dir" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
  chmod 644 "$dir/DEBIAN/control" "$dir/DEBIAN/md5sums"
  find "$dir" -newermt "@$SOURCE_DATE_EPOCH" -print0 | xargs -0 touch --no-dereference --date="@$SOURCE_DATE_EPOCH"
done
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/urn_${version}_$arch.deb" >/dev/null
dpkg-deb --root-owner-group -Zxz --build "$dbg" "$out/urn-dbgsym_${version}_$arch.ddeb" >/dev/null
echo "make deb: $out/urn_${version}_$arch.deb ($(sed -n 's/^Installed-Size: //p' "$pkg/DEBIAN/control") KiB installed)"
echo "make deb: $out/urn-dbgsym_${version}_$arch.ddeb (debug symbols)"
