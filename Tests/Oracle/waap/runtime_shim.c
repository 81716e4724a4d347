/* Load-time shim: lets Objective-C that clang compiles for the GNUstep runtime ABI 1
   (-fobjc-runtime=gnustep-1.5: non-fragile ivars, object subscripting, auto-synthesised
   ivars) run on Debian's GCC Objective-C runtime (libobjc, the fragile ABI), which
   GNUstep Base is built against.
   - objc_msg_lookup_sender / objc_slot_lookup_super: the two libobjc2 lookups clang emits,
     answered with GCC's objc_msg_lookup / objc_msg_lookup_super.
   - __objc_exec_class: clang marks a non-fragile module as version 9 and GCC's loader
     aborts on anything but 8; the class layout is GCC's with fields appended, so the
     module is passed on as version 8.
   - waoracle_fix_ivars(): clang stores a non-fragile class's size as minus the size of its
     own ivars, and its ivar offsets relative to the end of the superclass; libobjc2 adds the
     superclass size at load time. GCC's runtime does not, so this does it before any such
     class is used (call it first thing in main). */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdlib.h>
#include <objc/runtime.h>
#include <objc/message.h>
#include <dlfcn.h>

struct waoracle_protocol;
struct waoracle_protocol_list { struct waoracle_protocol_list *next; size_t count; struct waoracle_protocol *list[1]; };
struct waoracle_protocol { void *isa; const char *name; struct waoracle_protocol_list *protocols; };
struct waoracle_symtab { unsigned long sel_ref_cnt; void *refs; unsigned short cls_def_cnt; unsigned short cat_def_cnt; void *defs[1]; };
struct waoracle_module { unsigned long version; unsigned long size; const char *name; struct waoracle_symtab *symtab; };
struct waoracle_category { const char *name; const char *class_name; void *imethods; void *cmethods; struct waoracle_protocol_list *protocols; };
struct waoracle_class_head { void *isa; void *super_class; const char *name; long version; unsigned long info;
  long instance_size; void *ivars; void *methods; void *dtable; void *subclass_list; void *sibling_class;
  struct waoracle_protocol_list *protocols; };

/* clang writes protocol version 3 (GNUstep ABI 1, fields appended); GCC accepts only 2 */
static void fix_protocols(struct waoracle_protocol_list *list) {
  for (; list; list = list->next)
    for (size_t i = 0; i < list->count; i++) {
      struct waoracle_protocol *p = list->list[i];
      if ((size_t)p->isa == 3) { p->isa = (void *)2; fix_protocols(p->protocols); }
    }
}

void __objc_exec_class(struct waoracle_module *module) {
  static void (*real)(struct waoracle_module *);
  if (!real) real = (void (*)(struct waoracle_module *))dlsym(RTLD_NEXT, "__objc_exec_class");
  if (module->version == 9) {
    module->version = 8;
    struct waoracle_symtab *t = module->symtab;
    if (t) {
      for (int i = 0; i < t->cls_def_cnt; i++) {
        struct waoracle_class_head *c = t->defs[i];
        fix_protocols(c->protocols);
        fix_protocols(((struct waoracle_class_head *)c->isa)->protocols);
      }
      for (int i = 0; i < t->cat_def_cnt; i++)
        fix_protocols(((struct waoracle_category *)t->defs[t->cls_def_cnt + i])->protocols);
    }
  }
  real(module);
}

struct waoracle_slot { Class owner; Class cachedFor; const char *types; int version; IMP method; };
static __thread struct waoracle_slot waoracle_slot;

struct waoracle_slot *objc_msg_lookup_sender(id *receiver, SEL selector, id sender) {
  (void)sender;
  waoracle_slot.method = objc_msg_lookup(*receiver, selector);
  return &waoracle_slot;
}

struct waoracle_slot *objc_slot_lookup_super(struct objc_super *super, SEL selector) {
  waoracle_slot.method = objc_msg_lookup_super(super, selector);
  return &waoracle_slot;
}

/* GCC's struct objc_class (module ABI 8) followed by the fields GNUstep ABI 1 appends. */
struct waoracle_ivar { const char *name; const char *type; int offset; };
struct waoracle_ivar_list { int count; struct waoracle_ivar ivars[1]; };
struct waoracle_class {
  void *isa; void *super_class; const char *name; long version; unsigned long info;
  long instance_size; struct waoracle_ivar_list *ivars; void *methods; void *dtable;
  void *subclass_list; void *sibling_class; void *protocols; void *gc_object_type;
  long abi_version; int **ivar_offsets; void *properties; void *strong; void *weak;
};

static void fix_class(Class cls) {
  struct waoracle_class *c = (struct waoracle_class *)cls;
  if (c->instance_size >= 0) return;
  Class super = class_getSuperclass(cls);
  long base = 0;
  if (super) { fix_class(super); base = class_getInstanceSize(super); }
  long own = -c->instance_size;
  if (c->ivars) {
    for (int i = 0; i < c->ivars->count; i++) {
      c->ivars->ivars[i].offset += (int)base;
      if (c->ivar_offsets && c->ivar_offsets[i]) *c->ivar_offsets[i] = c->ivars->ivars[i].offset;
    }
  }
  c->instance_size = base + own;
}

int waoracle_fix_ivars(void) {
  int n = objc_getClassList(NULL, 0);
  Class *list = malloc(sizeof(Class) * (size_t)n);
  n = objc_getClassList(list, n);
  int fixed = 0;
  for (int i = 0; i < n; i++) {
    if (((struct waoracle_class *)list[i])->instance_size < 0) { fix_class(list[i]); fixed++; }
  }
  free(list);
  return fixed;
}
