// Stand-in for the generated android.os.PatternMatcherProto field ids (dumpDebug only).
package android.os;

public final class PatternMatcherProto {
    private PatternMatcherProto() {}
    public static final long PATTERN = 1;
    public static final long TYPE = 2;
}
