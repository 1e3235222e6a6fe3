/* The component's core module, compiled ahead of time by a C compiler
 * through wasm2c, called as a component host calls it (the canonical ABI by
 * hand): the arguments copied in through cabi_realloc, validate on one
 * compiled validator, its post-return. Loops for SECONDS and prints the time
 * of a call, in the form `bench --only` prints it (bench/wasm2c/run.sh); or,
 * with SECONDS 0, makes CALLS calls (a multiple of 1000), for counting
 * instructions:
 *
 *     driver SCHEMA.json ARGS.json SECONDS [CALLS]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "guest.h"
#include "names.h"

static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(2); }
  fseek(f, 0, SEEK_END);
  *n = (size_t)ftell(f);
  rewind(f);
  char *text = malloc(*n);
  if (fread(text, 1, *n, f) != *n) { perror(path); exit(2); }
  fclose(f);
  return text;
}

/* The text copied into the instance's memory, where cabi_realloc put room for it. */
static u32 put(Instance *in, const char *text, size_t n) {
  u32 at = REALLOC(in, 0, 0, 1, (u32)n);
  memcpy(in->w2c_memory.data + at, text, n);
  return at;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5) { fprintf(stderr, "usage: driver SCHEMA.json ARGS.json SECONDS [CALLS]\n"); return 2; }
  size_t schema_n, args_n;
  char *schema = slurp(argv[1], &schema_n), *args = slurp(argv[2], &args_n);
  double seconds = atof(argv[3]);
  long thousands = argc == 5 ? atol(argv[4]) / 1000 : 0;
  static Instance in;
  wasm_rt_init();
  INIT_MODULE();
  INSTANTIATE(&in);
  /* compile(schema, none): result<validator, list<diagnostic>> */
  u32 r = COMPILE(&in, put(&in, schema, schema_n), (u32)schema_n, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  if (in.w2c_memory.data[r] != 0) { fprintf(stderr, "driver: the schema did not compile\n"); return 1; }
  u32 validator;
  memcpy(&validator, in.w2c_memory.data + r + 4, 4);
  POST_COMPILE(&in, r);
  long calls = 0, valid = 0;
  double start = now(), took;
  do {
    for (int i = 0; i < 1000; i++, calls++) {
      u32 answer = VALIDATE(&in, validator, put(&in, args, args_n), (u32)args_n);
      valid += in.w2c_memory.data[answer] == 0;
      POST_VALIDATE(&in, answer);
    }
  } while ((took = now() - start) < seconds || calls < thousands * 1000);
  printf("wasm2c on %s: %ld calls (%ld valid), %.2f µs per call\n", argv[2], calls, valid, took / (double)calls * 1e6);
  return 0;
}
