"""Route a link list on Spark: every partition goes through urnmatch on its executor.

    spark-submit examples/spark/route_links.py URNMATCH TABLE INPUT OUTPUT [PARTITIONS]

URNMATCH is the urnmatch binary (a release build links the Swift runtime statically, so one
file runs on any Linux executor of the same architecture) and TABLE the route table. Both are
shipped to the executors with SparkContext.addFile and found there with SparkFiles.get, so
nothing depends on an executor's PATH or working directory; records name the table by its file
name, as `urnmatch -f TABLE` run in the table's folder does. INPUT is read as text, one link or
JSON record a line; OUTPUT gets urnmatch -a's records as text files, in input order (each
partition is piped in order, and the part files are numbered in partition order).

The job fails, loudly, when urnmatch cannot run or exits with status 2 without having written a
record for every line (a table it cannot read, a write failure). Status 1 (no link of a
partition matched) is no failure, and neither is status 2 after a record for every line: a bad
line is an error record in the output, as it is for one process.
"""
import os
import subprocess
import sys
import threading

from pyspark import SparkContext, SparkFiles


def route(tool_name, table_name, extra):
    """A partition function that pipes its lines through urnmatch -s -a -f TABLE."""

    def run(lines):
        # run where addFile put the files, so that records name the table as it was given
        process = subprocess.Popen([SparkFiles.get(tool_name), "-s", "-a", "-f", table_name] + extra,
                                   cwd=SparkFiles.getRootDirectory(),
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        sent = [0]

        def feed():
            try:
                for line in lines:
                    if line.strip(" \t"):
                        sent[0] += 1
                    process.stdin.write(line.encode("utf-8") + b"\n")
            finally:
                process.stdin.close()

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        received = 0
        for record in process.stdout:
            received += 1
            yield record.decode("utf-8").rstrip("\n")
        writer.join()
        stderr = process.stderr.read().decode("utf-8", "replace")
        status = process.wait()
        if status == 1 or status == 0:
            return
        if status == 2 and received == sent[0]:
            return  # bad lines became error records: no line was lost
        raise RuntimeError(f"urnmatch exited with status {status} after {received} of {sent[0]} records: {stderr[-2000:]}")

    return run


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__)
    tool, table, source, target = argv[1:5]
    partitions = int(argv[5]) if len(argv) > 5 else None
    sc = SparkContext.getOrCreate()
    for path in (tool, table):
        if not os.path.isfile(path):
            sys.exit(f"route_links.py: {path}: no such file")
        sc.addFile(os.path.abspath(path))
    links = sc.textFile(source, minPartitions=partitions) if partitions else sc.textFile(source)
    routed = links.mapPartitions(route(os.path.basename(tool), os.path.basename(table), []))
    routed.saveAsTextFile(target)
    sc.stop()


if __name__ == "__main__":
    main(sys.argv)
