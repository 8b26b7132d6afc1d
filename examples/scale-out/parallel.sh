#!/bin/sh
# 4x5 over 4 symbols in 64 shards with GNU parallel: two at a time on this machine
# (add --sshloginfile hosts.txt to spread them over machines that share out/).
# PARALLEL_SEQ (1..64) tells each job its shard; the file name comes from the argument.
set -eu
mkdir -p out
seq 0 63 | parallel --will-cite --jobs 2 --joblog out/joblog \
  npx hitori-sat enumerate 4x5 --symbols 4 --shard auto/64 --format json -o out/shard-{}.json
npx hitori-sat enumerate --merge out/shard-*.json
