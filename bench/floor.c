/* The read-and-write floor of a line filter (make bench): reads each line of stdin with
 * getline(3) and writes one fixed JSON line for it with fputs(3), both through stdio's
 * buffers, as a plain C filter does. A tool that reads a line and writes a record does at
 * least this; urnmatch's time is quoted as a multiple of this program's on the same file. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) != -1) {
        if (fputs("{\"link\":\"x\",\"route\":null}\n", stdout) == EOF) return 2;
    }
    free(line);
    return fflush(stdout) == 0 ? 0 : 2;
}
