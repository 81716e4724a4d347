// Stand-in for android.os.Parcel: only the methods PatternMatcher names; never called.
package android.os;

public final class Parcel {
    public void writeString(String value) { throw new UnsupportedOperationException(); }
    public void writeInt(int value) { throw new UnsupportedOperationException(); }
    public void writeIntArray(int[] value) { throw new UnsupportedOperationException(); }
    public String readString() { throw new UnsupportedOperationException(); }
    public int readInt() { throw new UnsupportedOperationException(); }
    public int[] createIntArray() { throw new UnsupportedOperationException(); }
}
