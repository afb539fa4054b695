#!/usr/bin/env python3
"""spark_reach.py --tiprulec PATH --program P.tiprules --rows 'ROWS…' --now DATE [--partitions N]
                   [--baseline OLD] [--format json|text|csv] [--master URL]
                   [--command reach|measure] [--options 'OPTIONS…']
`tiprulec reach` (or `tiprulec measure`, with its options such as '--tip T --goal E') under Apache
Spark (docs/reach.md, docs/measure.md): reads the rows (newline-delimited JSON), repartitions them by
user, sorts each partition by user, pipes every partition through `tiprulec reach --format partial`,
and merges the partials with `tiprulec reach merge` on the driver.
Runs unchanged in local mode (--master local[2], or python3 directly) and on a cluster (spark-submit):
ship the binary with `--files /path/to/tiprulec` and pass `--tiprulec ./tiprulec`, or install it on
every worker at the same path."""
import argparse, os, shlex, stat, subprocess, sys, tempfile
from pyspark import SparkFiles
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, get_json_object

parser = argparse.ArgumentParser()
parser.add_argument("--tiprulec", required=True, help="the binary: a path on every machine, or ./NAME shipped with --files")
parser.add_argument("--program", required=True)
parser.add_argument("--baseline")
parser.add_argument("--rows", required=True, nargs="+")
parser.add_argument("--now", required=True)
parser.add_argument("--partitions", type=int, default=8)
parser.add_argument("--format", default="json")
parser.add_argument("--master")
parser.add_argument("--command", default="reach", choices=["reach", "measure"])
parser.add_argument("--options", default="", help="more options of the command, as one string")
args = parser.parse_args()

builder = SparkSession.builder.appName(f"tiprulec {args.command}")
if args.master:
    builder = builder.master(args.master)
spark = builder.getOrCreate()
sc = spark.sparkContext
# The programs travel with the job. The binary is either at the same path on every machine, or
# (`./NAME`) shipped with `spark-submit --files /path/to/NAME`: in each working directory, or where
# SparkFiles keeps it.
for path in [args.program, args.baseline]:
    if path:
        sc.addFile(os.path.abspath(path))
shipped = args.tiprulec.startswith("./")

def binary():
    if not shipped:
        return args.tiprulec
    name = os.path.basename(args.tiprulec)
    path = name if os.path.exists(name) else SparkFiles.get(name)  # --files puts it in the working directory
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return os.path.abspath(path)

def command(tiprulec):
    line = [tiprulec, args.command, SparkFiles.get(os.path.basename(args.program)), "--now", args.now,
            "--format", "partial", "--jobs", "1", "--quiet"] + shlex.split(args.options)
    if args.baseline:
        line += ["--baseline", SparkFiles.get(os.path.basename(args.baseline))]
    return line

def reach_partition(lines):
    """Pipes one partition's rows (sorted by user) through `tiprulec reach --format partial` (or measure's)."""
    process = subprocess.Popen(command(binary()), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    for line in lines:
        process.stdin.write(line + "\n")
    out, err = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"tiprulec {args.command} failed ({process.returncode}): {err}")
    yield out.strip()

rows = spark.read.text(args.rows).withColumn("user", get_json_object(col("value"), "$.user"))
partials = (rows.repartition(args.partitions, "user").sortWithinPartitions("user")
            .select("value").rdd.map(lambda row: row.value).mapPartitions(reach_partition).collect())

# The partials are merged on the driver, while the shipped binary is still at hand.
with tempfile.NamedTemporaryFile("w", suffix=".partials", delete=False) as file:
    file.write("".join(partial + "\n" for partial in partials))
merged = subprocess.run([binary(), args.command, "merge", file.name, "--format", args.format], capture_output=True, text=True)
os.unlink(file.name)
spark.stop()
sys.stderr.write(merged.stderr)
sys.stdout.write(merged.stdout)
sys.exit(merged.returncode)
