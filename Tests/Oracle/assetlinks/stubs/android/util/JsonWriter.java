// Stand-in for android.util.JsonWriter. AssetJsonWriter (compiled unchanged) uses it only for
// AbstractAsset.toJson(), which the oracle never calls; every method refuses.
package android.util;

import java.io.IOException;
import java.io.Writer;

public final class JsonWriter {
    public JsonWriter(Writer out) {}
    private static IOException no() { return new IOException("not part of the oracle"); }
    public JsonWriter beginObject() throws IOException { throw no(); }
    public JsonWriter endObject() throws IOException { throw no(); }
    public JsonWriter beginArray() throws IOException { throw no(); }
    public JsonWriter endArray() throws IOException { throw no(); }
    public JsonWriter name(String name) throws IOException { throw no(); }
    public JsonWriter value(String value) throws IOException { throw no(); }
}
