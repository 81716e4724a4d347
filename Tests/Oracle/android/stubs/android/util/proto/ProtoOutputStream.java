// Stand-in for android.util.proto.ProtoOutputStream (PatternMatcher.dumpDebug only; never called).
package android.util.proto;

public class ProtoOutputStream {
    public long start(long fieldId) { return 0; }
    public void write(long fieldId, String value) {}
    public void write(long fieldId, int value) {}
    public void end(long token) {}
}
