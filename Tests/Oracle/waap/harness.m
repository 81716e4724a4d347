/* Oracle harness for WAAppRouting 0.0.5 (Wasappli/WAAppRouting, Files/), compiled unchanged
   with clang against GNUstep Base (see README.md).

   stdin: one table per line, JSON:
     {"id": "...", "classes": ["ListVC", ...] (the app's view controller classes),
      "regs": [{"chain": "list{ListVC}/:id{DetailVC}", "defaults": {...}},
                            {"path": "list/:id", "class": "DetailVC", "defaults": {...}}],
      "links": [{"link": "...", "url": <cfurl_parts output for the link>}]}
   stdout: one line per table: {"id": "...", "crash": <registration crash or null>,
     "links": [{"answers": [{"target","args","stack"}...], "crash": bool, "loops": bool,
                "nourl": bool}]}

   What runs is the library's own code: WAAppRouteRegistrar (registration, entityForURL:,
   entityForTargetClass:), WAAppRouteMatcher, WARoutePattern, WAAppRouteEntity, WAAppLink,
   NSURL+WAAdditions and NSMutableDictionary+WAAppRoutingParameters. The UIKit-bound parts
   are ported below, method by method, each naming the lines it follows. */
#import <Foundation/Foundation.h>
#import <UIKit/UIKit.h>
#include <objc/runtime.h>
#import "WAAppRouteRegistrar.h"
#import "WAAppRouteMatcher.h"
#import "WAAppRouteEntity.h"
#import "WAAppLink.h"
#import "NSMutableDictionary+WAAppRoutingParameters.h"

extern int waoracle_fix_ivars(void);

/* ---- stand-in UIKit classes (only what the registration and entities touch) ---- */
@implementation UIViewController
@end
@implementation UINavigationController
@end
@implementation UITabBarController
@end

/* ---- CFURL's answers, handed to the library through a stand-in NSURL ---- */
static NSDictionary *gParts;   /* cfurl_parts output for the link being routed */

static id part(NSString *key) {
  id v = gParts[key];
  return (v == [NSNull null]) ? nil : v;
}

@interface WAOracleURL : NSURL
@end
@implementation WAOracleURL
- (NSString *)scheme { return part(@"scheme"); }
- (NSString *)host { return part(@"host"); }
- (NSString *)path { return part(@"path"); }
- (NSString *)query { return part(@"query"); }
- (NSString *)absoluteString { return part(@"absolute"); }
- (NSString *)description { return part(@"absolute"); }
- (NSURL *)baseURL { return nil; }
@end

/* NSURLComponents as WAAppRouteMatcher.m:16-19 uses it: initWithURL:, query = nil, string. */
@interface WAOracleComponents : NSObject
@end
@implementation WAOracleComponents
- (void)setQuery:(NSString *)query { (void)query; }
- (NSString *)string { return part(@"components"); }
@end

static id oracleComponentsInit(id self, SEL _cmd, NSURL *url, BOOL resolve) {
  (void)self; (void)_cmd; (void)url; (void)resolve;
  if (!part(@"components")) return nil;      /* CF's NSURLComponents refused the string */
  return [WAOracleComponents new];
}

/* ---- NSString.pathComponents as Apple's Foundation splits (the library's matcher is built on
   it, WARoutePattern.m:31 and :46). GNUstep's reads a leading "a:" as a drive ("a:b" ->
   "a:", "b") and "~/" as a component of its own; Apple's (and swift-corelibs') do not:
   "/" first if the string starts with one, then the non-empty parts between slashes, then
   "/" again if the string is longer than one character and ends with one. ---- */
static NSArray *applePathComponents(NSString *self, SEL _cmd) {
  (void)_cmd;
  NSMutableArray *result = [NSMutableArray array];
  NSUInteger length = [self length];
  if (length == 0) return result;
  if ([self characterAtIndex:0] == '/') [result addObject:@"/"];
  for (NSString *part in [self componentsSeparatedByString:@"/"])
    if ([part length] > 0) [result addObject:part];
  if (length > 1 && [self characterAtIndex:length - 1] == '/') [result addObject:@"/"];
  return result;
}

/* ---- a dictionary whose allKeys/allValues order the harness chooses ----
   The library walks [entities allKeys] / [entities allValues] (WAAppRouteRegistrar.m:134,
   :181); on iOS that order is NSMutableDictionary's hash order. The harness replaces the
   registrar's dictionary with this one to run the library under each order that matters. */
@interface WAOracleOrderedDictionary : NSMutableDictionary {
  NSMutableDictionary *_store;
  NSMutableArray *_keys;      /* insertion order */
  NSArray *_order;            /* order in force, or nil for insertion order */
}
- (void)setOrder:(NSArray *)order;
- (NSArray *)insertionKeys;
@end
@implementation WAOracleOrderedDictionary
- (id)init { _store = [NSMutableDictionary new]; _keys = [NSMutableArray new]; return self; }
- (id)initWithCapacity:(NSUInteger)n { (void)n; return [self init]; }
- (NSUInteger)count { return [_store count]; }
- (id)objectForKey:(id)key { return [_store objectForKey:key]; }
- (void)setObject:(id)obj forKey:(id)key {
  if (![_store objectForKey:key]) [_keys addObject:key];
  [_store setObject:obj forKey:key];
}
- (void)removeObjectForKey:(id)key { [_store removeObjectForKey:key]; [_keys removeObject:key]; }
- (void)setOrder:(NSArray *)order { _order = [order retain]; }
- (NSArray *)insertionKeys { return [[_keys copy] autorelease]; }
- (NSArray *)allKeys { return _order ? _order : [[_keys copy] autorelease]; }
- (NSArray *)allValues {
  NSMutableArray *v = [NSMutableArray array];
  for (id k in [self allKeys]) [v addObject:[_store objectForKey:k]];
  return v;
}
- (NSEnumerator *)keyEnumerator { return [[self allKeys] objectEnumerator]; }
- (NSEnumerator *)objectEnumerator { return [[self allValues] objectEnumerator]; }
@end

/* ---- ports of the UIKit-bound parts ---- */

/* WAAppRouteHandler.m:145-160 -retrieveStackEntitiesFromEntity:, with a guard: the
   library's do/while never ends when a class is its own ancestor (returns nil then). */
static NSArray *retrieveStackEntitiesFromEntity(WAAppRouteRegistrar *registrar, WAAppRouteEntity *fromEntity) {
  NSMutableArray *allEntities = [NSMutableArray array];
  if (fromEntity.sourceControllerClass) {
    WAAppRouteEntity *currentEntity = fromEntity;
    do {
      currentEntity = [registrar entityForTargetClass:currentEntity.sourceControllerClass];
      if (currentEntity) {
        [allEntities insertObject:currentEntity atIndex:0];
      }
      if ([allEntities count] > [[registrar valueForKey:@"entities"] count] + 1) return nil; /* loops */
    } while (currentEntity);
  }
  [allEntities addObject:fromEntity];
  return allEntities;
}

/* The app's defaultParametersBuilderBlock (WAAppRouteHandler.m:223 calls it): blocks cannot
   be copied as objects on GCC's runtime, so the harness registers no block and keeps each
   entity's defaults itself, keyed by the entity object the library stored. */
static NSMapTable *gDefaults;

/* UIViewController+WAAppLinkParameters.m:29-48 -configureWithAppLink:defaultParameters:
   allowedParameters:, for a controller whose class has no appLinkParametersClass (so the
   parameters object is an NSMutableDictionary, as in the library's examples). */
static NSDictionary *configureWithAppLink(WAAppLink *appLink, NSDictionary *defaultParameters) {
  NSMutableDictionary *rawParameters = [NSMutableDictionary dictionaryWithDictionary:appLink.queryParameters];
  if (appLink.routeParameters) {
    [rawParameters setValuesForKeysWithDictionary:appLink.routeParameters];
  }
  NSMutableDictionary *params = [[NSMutableDictionary class] newWithAllowedParameters:nil];
  [params mergeWithAppRouterParameters:(id)defaultParameters];
  [params mergeWithRawParameters:rawParameters];
  return params;
}

/* ---- registration ---- */

static Class controllerClass(NSString *name) {
  Class c = NSClassFromString(name);
  if (c) return c;
  c = objc_allocateClassPair([UIViewController class], [name UTF8String], 0);
  if (!c) return Nil;
  objc_registerClassPair(c);
  return c;
}


/* ---- order enumeration: every order of the dictionary that changes the answer ----
   The answer depends on (1) which matching key comes first in allKeys and (2) for each
   class up the stack, which entity with that target class comes first in allValues. Both
   walks see one order, so a choice is possible only if its "x before the others"
   constraints have no cycle. */
typedef struct { int n; unsigned char *before; } Constraints;   /* before[a*n+b]: a precedes b */

static BOOL reaches(Constraints *c, int from, int to, unsigned char *seen) {
  if (from == to) return YES;
  if (seen[from]) return NO;
  seen[from] = 1;
  for (int k = 0; k < c->n; k++) if (c->before[from * c->n + k] && reaches(c, k, to, seen)) return YES;
  return NO;
}

/* add "x before every other member of set"; NO if that contradicts what is there */
static BOOL addFirst(Constraints *c, int x, NSArray *set) {
  for (NSNumber *m in set) {
    int y = [m intValue];
    if (y == x) continue;
    unsigned char seen[c->n]; memset(seen, 0, c->n);
    if (reaches(c, y, x, seen)) return NO;
    c->before[x * c->n + y] = 1;
  }
  return YES;
}

static NSArray *orderFrom(Constraints *c, NSArray *keys) {
  int n = c->n; NSMutableArray *out = [NSMutableArray array];
  unsigned char placed[n]; memset(placed, 0, n);
  for (int round = 0; round < n; round++) {
    for (int i = 0; i < n; i++) {
      if (placed[i]) continue;
      BOOL ready = YES;
      for (int j = 0; j < n; j++) if (!placed[j] && c->before[j * n + i]) { ready = NO; break; }
      if (ready) { placed[i] = 1; [out addObject:keys[i]]; break; }
    }
  }
  return out;
}

typedef struct {
  WAAppRouteRegistrar *registrar; WAOracleOrderedDictionary *dict; NSArray *keys; NSArray *values;
  NSURL *url; NSMutableArray *answers; BOOL crash; BOOL loops; int runs;
} Job;

static void runOrder(Job *job, NSArray *order) {
  job->runs++;
  [job->dict setOrder:order];
  @try {
    /* WAAppRouter.m:43-64 -handleURL:, up to building the link (no block handlers) */
    WAAppRouteEntity *routeEntity = [job->registrar entityForURL:job->url];
    if (!routeEntity) return;
    NSDictionary *routeParameters = [job->registrar.routeMatcher parametersFromURL:job->url
                                                                  withPathPattern:routeEntity.path];
    WAAppLink *link = [[WAAppLink alloc] initWithURL:job->url routeParameters:routeParameters];
    NSArray *stack = retrieveStackEntitiesFromEntity(job->registrar, routeEntity);
    if (!stack) { job->loops = YES; return; }
    NSDictionary *args = configureWithAppLink(link, [gDefaults objectForKey:routeEntity]);
    NSMutableArray *names = [NSMutableArray array];
    for (WAAppRouteEntity *e in stack) [names addObject:NSStringFromClass(e.targetControllerClass)];
    NSDictionary *answer = @{@"target": NSStringFromClass(routeEntity.targetControllerClass),
                             @"args": args, @"stack": names};
    if (![job->answers containsObject:answer]) [job->answers addObject:answer];
  } @catch (NSException *exception) {
    job->crash = YES;
  }
}

static void walk(Job *job, Constraints *c, int current, NSMutableArray *classesSeen) {
  if (job->runs > 200) return;
  WAAppRouteEntity *e = job->values[current];
  Class source = e.sourceControllerClass;
  NSMutableArray *candidates = [NSMutableArray array];
  if (source) {
    for (int i = 0; i < c->n; i++)
      if (((WAAppRouteEntity *)job->values[i]).targetControllerClass == source) [candidates addObject:@(i)];
  }
  if (!source || [candidates count] == 0) { runOrder(job, orderFrom(c, job->keys)); return; }
  if ([classesSeen containsObject:NSStringFromClass(source)]) {   /* a class its own ancestor */
    runOrder(job, orderFrom(c, job->keys)); return;
  }
  for (NSNumber *cand in candidates) {
    Constraints d = { c->n, malloc((size_t)(c->n * c->n)) };
    memcpy(d.before, c->before, (size_t)(c->n * c->n));
    if (addFirst(&d, [cand intValue], candidates)) {
      NSMutableArray *seen = [classesSeen mutableCopy];
      [seen addObject:NSStringFromClass(source)];
      walk(job, &d, [cand intValue], seen);
    }
    free(d.before);
  }
}

static NSDictionary *routeLink(WAAppRouteRegistrar *registrar, WAOracleOrderedDictionary *dict, NSDictionary *linkCase) {
  gParts = linkCase[@"url"];
  if (![gParts[@"ok"] boolValue]) return @{@"answers": @[], @"nourl": @(1)};
  NSURL *url = [WAOracleURL alloc];   /* no NSURL initialiser: every property it answers is overridden */
  Job job = { registrar, dict, [dict insertionKeys], nil, url, [NSMutableArray array], NO, NO, 0 };
  NSMutableArray *values = [NSMutableArray array];
  for (id k in job.keys) [values addObject:[dict objectForKey:k]];
  job.values = values;
  int n = (int)[job.keys count];
  /* which keys match (WAAppRouteMatcher -matchesURL:fromPathPattern:, the library's own) */
  NSMutableArray *matching = [NSMutableArray array];
  NSMutableArray *crashing = [NSMutableArray array];
  for (int i = 0; i < n; i++) {
    @try {
      if ([registrar.routeMatcher matchesURL:url fromPathPattern:job.keys[i]]) [matching addObject:@(i)];
    } @catch (NSException *exception) {
      [crashing addObject:@(i)];
    }
  }
  Constraints base = { n, calloc((size_t)(n * n), 1) };
  /* a key whose matching throws crashes the app when it comes before every matching key */
  for (NSNumber *k in crashing) {
    Constraints d = { n, calloc((size_t)(n * n), 1) };
    NSMutableArray *set = [matching mutableCopy]; [set addObject:k];
    addFirst(&d, [k intValue], set);
    runOrder(&job, orderFrom(&d, job.keys));
    free(d.before);
  }
  if ([matching count] == 0 && [crashing count] == 0) runOrder(&job, job.keys);
  for (NSNumber *m in matching) {
    Constraints d = { n, calloc((size_t)(n * n), 1) };
    NSMutableArray *set = [matching mutableCopy]; [set addObjectsFromArray:crashing];
    addFirst(&d, [m intValue], set);
    walk(&job, &d, [m intValue], [NSMutableArray array]);
    free(d.before);
  }
  free(base.before);
  return @{@"answers": job.answers, @"crash": @((int)job.crash), @"loops": @((int)job.loops), @"runs": @(job.runs)};
}

static NSDictionary *runTable(NSDictionary *table) {
  WAAppRouteMatcher *matcher = [WAAppRouteMatcher new];
  WAAppRouteRegistrar *registrar = [WAAppRouteRegistrar registrarWithRouteMatcher:matcher];
  WAOracleOrderedDictionary *dict = [WAOracleOrderedDictionary new];
  [registrar setValue:dict forKey:@"entities"];
  UINavigationController *navigation = [UINavigationController new];   /* the app's one navigation controller */
  gDefaults = [[NSMapTable alloc] initWithKeyOptions:NSPointerFunctionsObjectPointerPersonality | NSPointerFunctionsStrongMemory
                                        valueOptions:NSPointerFunctionsStrongMemory capacity:16];
  NSString *crash = nil;
  for (NSString *name in table[@"classes"]) controllerClass(name);   /* the app's view controller classes */
  for (NSDictionary *reg in table[@"regs"]) {
    NSMutableSet *before = [NSMutableSet set];
    for (id v in [dict allValues]) [before addObject:[NSValue valueWithPointer:v]];
    @try {
      if (reg[@"chain"]) {
        [registrar registerAppRoutePath:reg[@"chain"] presentingController:navigation
          defaultParametersBuilderBlock:nil allowedParametersBlock:nil];
      } else {
        WAAppRouteEntity *entity = [WAAppRouteEntity routeEntityWithName:reg[@"path"] path:reg[@"path"]
                                                   sourceControllerClass:Nil
                                                   targetControllerClass:NSClassFromString(reg[@"class"])
                                                    presentingController:navigation
                                                prefersModalPresentation:NO
                                                defaultParametersBuilder:nil
                                                       allowedParameters:nil];
        [registrar registerAppRouteEntity:entity];
      }
    } @catch (NSException *exception) {
      crash = [NSString stringWithFormat:@"%@: %@", [exception name], [exception reason]];
      break;
    }
    NSDictionary *defaults = reg[@"defaults"];
    if (defaults) {
      for (id v in [dict allValues])
        if (![before containsObject:[NSValue valueWithPointer:v]]) [gDefaults setObject:defaults forKey:v];
    }
  }
  NSMutableArray *out = [NSMutableArray array];
  for (NSDictionary *linkCase in table[@"links"]) {
    if (crash) { [out addObject:@{@"answers": @[], @"crash": @(1)}]; continue; }
    [out addObject:routeLink(registrar, dict, linkCase)];
  }
  return @{@"id": table[@"id"], @"crash": crash ? (id)crash : (id)[NSNull null], @"links": out};
}

int main(int argc, char **argv) {
  (void)argc; (void)argv;
  waoracle_fix_ivars();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];   /* never drained: MRC build, short-lived process */
  (void)pool;
  class_replaceMethod([NSString class], @selector(pathComponents), (IMP)applePathComponents, "@@:");
  class_replaceMethod([NSURLComponents class], @selector(initWithURL:resolvingAgainstBaseURL:),
                      (IMP)oracleComponentsInit, "@@:@c");
  char *line = NULL; size_t cap = 0; ssize_t len;
  NSFileHandle *outHandle = [NSFileHandle fileHandleWithStandardOutput];
  while ((len = getline(&line, &cap, stdin)) > 0) {
    NSData *data = [NSData dataWithBytes:line length:(NSUInteger)len];
    NSDictionary *table = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
    if (!table) continue;
    NSDictionary *result = runTable(table);
    NSMutableData *o = [[NSJSONSerialization dataWithJSONObject:result options:0 error:NULL] mutableCopy];
    [o appendBytes:"\n" length:1];
    [outHandle writeData:o];
  }
  return 0;
}
