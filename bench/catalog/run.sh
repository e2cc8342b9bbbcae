#!/usr/bin/env bash
# Measures the knowledge base at full size (../shared/cards-full + the CR +
# the tournament documents) with this tree and with the code at BASE (the
# branch point, before streaming loads and snapshots), one after the other
# on the same machine, with the same program (main.go) and query sets.
#
#   bench/catalog/run.sh            BASE=0d4923e by default
#   BASE=<rev> bench/catalog/run.sh compares with another revision
#
# It ends with the ratio BASE / this tree of each kind of query's p99.
#
# The BASE code reads neither .json.gz nor symbolic links, so it is given
# the same files decompressed into a plain directory; this tree reads the
# files as distributed. Needs about 250 MB in $TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${BASE:-0d4923e}
shared=$(cd .. && pwd)/shared
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# As distributed: links to the shared files.
mkdir -p "$tmp/data"
ln -s "$shared/cards-full/mtgjson-v5-20220425" "$tmp/data/cards"
ln -s "$shared/data/cr" "$tmp/data/cr"
ln -s "$shared/data/tournament" "$tmp/data/tournament"
# For BASE: plain copies.
mkdir -p "$tmp/plain/cards"
cp -r "$shared/data/cr" "$shared/data/tournament" "$tmp/plain/"
for f in "$shared"/cards-full/mtgjson-v5-20220425/*.json.gz; do
  b=$(basename "$f" .gz)
  gzip -dc "$f" > "$tmp/plain/cards/$b"
done

go build -tags snapshot -o "$tmp/catalog" ./bench/catalog
mkdir -p "$tmp/base"
git archive "$base" | tar -x -C "$tmp/base"
mkdir -p "$tmp/base/bench/catalog"
cp bench/catalog/main.go "$tmp/base/bench/catalog/"
(cd "$tmp/base" && go build -o "$tmp/catalog-base" ./bench/catalog)

echo "== this tree: first build of the snapshot (cards .json.gz, through links)"
"$tmp/catalog" -data "$tmp/data" -cache "$tmp/cache" -mode build
echo "== this tree: start from the snapshot"
"$tmp/catalog" -data "$tmp/data" -cache "$tmp/cache" -mode start
echo "== this tree: queries"
"$tmp/catalog" -data "$tmp/data" -cache "$tmp/cache" | tee "$tmp/this.txt"
echo "== this tree: 20,000 mixed queries, then memory"
"$tmp/catalog" -data "$tmp/data" -cache "$tmp/cache" -mode soak
echo "== $base: load of the decompressed files, then the same queries"
"$tmp/catalog-base" -data "$tmp/plain" | tee "$tmp/base.txt"
echo "== ratios, $base / this tree (same queries, this run)"
# p99 and p99 (best of rounds) of each kind of query, as time.Duration
# strings ("1.2ms", "85.3µs").
awk -F'\t' '
  function us(d) {
    if (sub(/µs$/, "", d)) return d + 0
    if (sub(/ms$/, "", d)) return d * 1000
    if (sub(/ns$/, "", d)) return d / 1000
    if (sub(/s$/, "", d)) return d * 1e6
    return 0
  }
  $1 ~ /^(search|name typo|miss\+suggest|autocomplete)$/ {
    for (i = 2; i <= NF; i++) {
      if ($i ~ /^p99 [0-9]/ && sub(/^p99 /, "", $i)) p99 = us($i)
      else if (sub(/^p99\(best of rounds\) /, "", $i)) best = us($i)
    }
    if (FILENAME ~ /base/) { bp[$1] = p99; bb[$1] = best } else { tp[$1] = p99; tb[$1] = best; order[++n] = $1 }
  }
  END {
    for (i = 1; i <= n; i++) {
      k = order[i]
      if (tp[k] > 0 && tb[k] > 0)
        printf "%s\tp99 %.1fµs vs %.1fµs: %.2fx\tp99(best of rounds) %.1fµs vs %.1fµs: %.2fx\n", k, bp[k], tp[k], bp[k]/tp[k], bb[k], tb[k], bb[k]/tb[k]
    }
  }' "$tmp/base.txt" "$tmp/this.txt"
echo "== $base: 20,000 mixed queries, then memory"
"$tmp/catalog-base" -data "$tmp/plain" -mode soak
