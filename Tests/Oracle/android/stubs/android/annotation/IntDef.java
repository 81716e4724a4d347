// Stand-in for android.annotation.IntDef, so that AOSP's PatternMatcher.java compiles unchanged.
package android.annotation;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

@Retention(RetentionPolicy.SOURCE)
public @interface IntDef {
    int[] value() default {};
}
