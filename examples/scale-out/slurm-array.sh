#!/bin/bash
# A Slurm job array: 64 tasks, SLURM_ARRAY_TASK_ID = 0..63 is the shard.
# Submit from a clone where `npm ci` has run:  sbatch slurm-array.sh
# Then, when all tasks are done:  npx hitori-sat enumerate --merge out/shard-*.json
#SBATCH --job-name=hitori-enumerate
#SBATCH --array=0-63
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --output=out/slurm-%A_%a.log
set -euo pipefail
mkdir -p out
# A shard that reaches the time limit exits with 3 and writes "complete": false; merge refuses it.
npx hitori-sat enumerate 4x5 --symbols 4 --shard auto/64 --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --timeout 7000000 --format json -o "out/shard-${SLURM_ARRAY_TASK_ID}.json"
