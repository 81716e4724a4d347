// Oracle harness for urn's Android app-link dialect.
//
// It links AOSP's own android.os.PatternMatcher and android.net.UriCodec (compiled unchanged
// from platform/frameworks/base, see README.md) and ports, method by method, the thin glue
// around them that decides whether a browser's VIEW link reaches an activity:
//
//   - aapt2's attribute string compilation (tools/aapt2/ResourceUtils.cpp StringBuilder::AppendText
//     and AppendUnicodeEscapeSequence, called with preserve_spaces=true by
//     tools/aapt2/format/binary/XmlFlattener.cpp for attributes without a compiled value);
//   - the manifest's <data> parsing (core/java/com/android/internal/pm/pkg/component/
//     ParsedIntentInfoUtils.java parseIntentInfo/parseData) and the class-name completion
//     (ParsingUtils.buildClassName);
//   - IntentFilter (core/java/android/content/IntentFilter.java): AuthorityEntry(String,String),
//     AuthorityEntry.match(Uri,boolean), matchDataAuthority, hasDataPath, matchData, matchAction,
//     matchCategories, match;
//   - Uri.StringUri (core/java/android/net/Uri.java): findSchemeSeparator, parseScheme,
//     parseAuthority, parsePath, and AbstractHierarchicalUri.parseHost/parsePort/findPortSeparator,
//     Part/PathPart decoding through Uri.decode -> UriCodec.decode(s, false, UTF_8, false);
//   - IntentResolver.buildResolveList's MATCH_DEFAULT_ONLY rule (a filter without
//     android.intent.category.DEFAULT takes no implicit startActivity) and allowFilterResult
//     (one result per activity).
//
// Protocol: one request a line on stdin, tab-separated base64 (UTF-8) fields: the manifest text,
// then each link. One JSON answer a line on stdout:
//   {"refused": false, "answers": [["com.example.A"], []]}   or   {"refused": true, "reason": "..."}
// "answers" lists, per link, every activity the resolver offers (manifest order).

import android.net.UriCodec;
import android.os.PatternMatcher;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

public final class AndroidOracle {
    static final String ANDROID_NS = "http://schemas.android.com/apk/res/android";
    static final String ACTION_VIEW = "android.intent.action.VIEW";
    static final String CATEGORY_BROWSABLE = "android.intent.category.BROWSABLE";
    static final String CATEGORY_DEFAULT = "android.intent.category.DEFAULT";

    // IntentFilter.java match constants
    static final int NO_MATCH_TYPE = -1;
    static final int NO_MATCH_DATA = -2;
    static final int NO_MATCH_ACTION = -3;
    static final int NO_MATCH_CATEGORY = -4;
    static final int MATCH_CATEGORY_EMPTY = 0x0100000;
    static final int MATCH_CATEGORY_SCHEME = 0x0200000;
    static final int MATCH_CATEGORY_HOST = 0x0300000;
    static final int MATCH_CATEGORY_PORT = 0x0400000;
    static final int MATCH_CATEGORY_PATH = 0x0500000;
    static final int MATCH_CATEGORY_SCHEME_SPECIFIC_PART = 0x0580000;
    static final int MATCH_ADJUSTMENT_NORMAL = 0x8000;

    /** The package manager would not install the manifest (or aapt2 would not build it). */
    static final class Refused extends Exception {
        Refused(String why) { super(why); }
    }

    // ---------------------------------------------------------------------------------------
    // aapt2: tools/aapt2/ResourceUtils.cpp StringBuilder::AppendText with preserve_spaces=true
    // (XmlFlattener.cpp: "There is no compiled value, so treat the raw string as compiled, once
    // it is processed to make sure escape sequences are properly interpreted.")
    // With preserve_spaces the quote state starts on, so spaces and quotes are kept as written.
    static String aaptString(String text) throws Refused {
        StringBuilder out = new StringBuilder();
        int i = 0;
        final int n = text.length();
        while (i < n) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '\\') {
                if (i < n) {   // a trailing backslash is dropped (iter.HasNext() is false)
                    cp = text.codePointAt(i);
                    i += Character.charCount(cp);
                    switch (cp) {
                        case 't': out.append('\t'); break;
                        case 'n': out.append('\n'); break;
                        case '#': case '@': case '?': case '"': case '\'': case '\\':
                            out.append((char) cp);
                            break;
                        case 'u': {
                            // AppendUnicodeEscapeSequence: up to 4 hex digits, fewer at the end.
                            int code = 0;
                            for (int k = 0; k < 4 && i < n; k++) {
                                int c = text.codePointAt(i);
                                i += Character.charCount(c);
                                int a;
                                if (c >= '0' && c <= '9') a = c - '0';
                                else if (c >= 'a' && c <= 'f') a = c - 'a' + 10;
                                else if (c >= 'A' && c <= 'F') a = c - 'A' + 10;
                                else throw new Refused("aapt2: invalid unicode escape sequence in string");
                                code = (code << 4) | a;
                            }
                            // AppendCodepointToUtf8String: libutils gives a surrogate no bytes.
                            if (code < 0xD800 || code > 0xDFFF) out.appendCodePoint(code);
                            break;
                        }
                        default:
                            // "Ignore the escape character and just include the codepoint."
                            out.appendCodePoint(cp);
                            break;
                    }
                }
            } else {
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    // ParsingUtils.buildClassName(String pkg, CharSequence clsSeq)
    static String buildClassName(String pkg, String cls) {
        if (cls == null || cls.isEmpty()) return null;
        if (cls.charAt(0) == '.') return pkg + cls;
        if (cls.indexOf('.') < 0) return pkg + "." + cls;
        return cls;
    }

    // ---------------------------------------------------------------------------------------
    // Uri.java: StringUri as Uri.parse(String) makes it, with the getters IntentFilter calls.
    static final class ParsedUri {
        final String uriString;
        ParsedUri(String s) { uriString = s; }

        // StringUri.findSchemeSeparator
        int findSchemeSeparator() { return uriString.indexOf(':'); }

        // StringUri.parseScheme (getScheme)
        String getScheme() {
            int ssi = findSchemeSeparator();
            return ssi == -1 ? null : uriString.substring(0, ssi);
        }

        // StringUri.parseAuthority (static), Part.fromEncoded -> getEncodedAuthority
        String getEncodedAuthority() {
            int ssi = findSchemeSeparator();
            int length = uriString.length();
            if (length > ssi + 2 && uriString.charAt(ssi + 1) == '/' && uriString.charAt(ssi + 2) == '/') {
                int end = ssi + 3;
                loop:
                while (end < length) {
                    switch (uriString.charAt(end)) {
                        case '/': case '\\': case '?': case '#':
                            break loop;
                    }
                    end++;
                }
                return uriString.substring(ssi + 3, end);
            }
            return null;
        }

        // AbstractHierarchicalUri.findPortSeparator
        static int findPortSeparator(String authority) {
            if (authority == null) return -1;
            for (int i = authority.length() - 1; i >= 0; --i) {
                final int character = authority.charAt(i);
                if (':' == character) return i;
                if (character < '0' || character > '9') return -1;
            }
            return -1;
        }

        // AbstractHierarchicalUri.parseHost (getHost): decoded
        String getHost() {
            final String authority = getEncodedAuthority();
            if (authority == null) return null;
            int userInfoSeparator = authority.lastIndexOf('@');
            int portSeparator = findPortSeparator(authority);
            String encodedHost = portSeparator == -1
                    ? authority.substring(userInfoSeparator + 1)
                    : authority.substring(userInfoSeparator + 1, portSeparator);
            return decode(encodedHost);
        }

        // AbstractHierarchicalUri.parsePort (getPort)
        int getPort() {
            final String authority = getEncodedAuthority();
            int portSeparator = findPortSeparator(authority);
            if (portSeparator == -1) return -1;
            String portString = decode(authority.substring(portSeparator + 1));
            try {
                return Integer.parseInt(portString);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        // StringUri.parsePath() and StringUri.parsePath(String, int)
        String getEncodedPath() {
            int ssi = findSchemeSeparator();
            if (ssi > -1) {
                if (ssi + 1 == uriString.length()) return null;
                if (uriString.charAt(ssi + 1) != '/') return null;
            }
            int length = uriString.length();
            int pathStart;
            if (length > ssi + 2 && uriString.charAt(ssi + 1) == '/' && uriString.charAt(ssi + 2) == '/') {
                pathStart = ssi + 3;
                loop:
                while (pathStart < length) {
                    switch (uriString.charAt(pathStart)) {
                        case '?': case '#':
                            return "";
                        case '/': case '\\':
                            break loop;
                    }
                    pathStart++;
                }
            } else {
                pathStart = ssi + 1;
            }
            int pathEnd = pathStart;
            loop:
            while (pathEnd < length) {
                switch (uriString.charAt(pathEnd)) {
                    case '?': case '#':
                        break loop;
                }
                pathEnd++;
            }
            return uriString.substring(pathStart, pathEnd);
        }

        // StringUri.getPath: PathPart.fromEncoded(parsePath()).getDecoded()
        String getPath() {
            String encoded = getEncodedPath();
            if (encoded == null) return null;
            if (encoded.isEmpty()) return SLASH_PATH && getEncodedAuthority() != null ? "/" : "";
            return decode(encoded);
        }

        // StringUri.parseSsp / getSchemeSpecificPart
        String getSchemeSpecificPart() {
            int ssi = findSchemeSeparator();
            int fsi = uriString.indexOf('#', ssi);
            String ssp = fsi == -1 ? uriString.substring(ssi + 1) : uriString.substring(ssi + 1, fsi);
            return ssp.isEmpty() ? "" : decode(ssp);
        }

        // Uri.decode(String)
        static String decode(String s) {
            if (s == null) return null;
            return UriCodec.decode(s, false, StandardCharsets.UTF_8, false);
        }
    }

    // ---------------------------------------------------------------------------------------
    // IntentFilter.AuthorityEntry
    static final class AuthorityEntry {
        final String host;
        final boolean wild;
        final int port;

        // AuthorityEntry(String host, String port): Integer.parseInt throws on a bad port, and
        // the package parser lets the exception refuse the package.
        AuthorityEntry(String host, String port) throws Refused {
            wild = host.length() > 0 && host.charAt(0) == '*';
            this.host = wild ? host.substring(1) : host;
            try {
                this.port = port != null ? Integer.parseInt(port) : -1;
            } catch (NumberFormatException e) {
                throw new Refused("AuthorityEntry: bad port " + port);
            }
        }

        // AuthorityEntry.match(Uri data, boolean wildcardSupported=false)
        int match(ParsedUri data) {
            String h = data.getHost();
            if (h == null) return NO_MATCH_DATA;
            if (wild) {
                if (h.length() < host.length()) return NO_MATCH_DATA;
                h = h.substring(h.length() - host.length());
            }
            if (h.compareToIgnoreCase(host) != 0) return NO_MATCH_DATA;
            if (port >= 0) {
                if (port != data.getPort()) return NO_MATCH_DATA;
                return MATCH_CATEGORY_PORT;
            }
            return MATCH_CATEGORY_HOST;
        }
    }

    static final class Filter {
        final Set<String> actions = new LinkedHashSet<>();
        List<String> categories = null;
        List<String> schemes = null;
        List<PatternMatcher> ssps = null;
        List<AuthorityEntry> authorities = null;
        List<PatternMatcher> paths = null;
        List<String> types = null;

        // IntentFilter.addDataScheme
        void addDataScheme(String s) {
            if (schemes == null) schemes = new ArrayList<>();
            if (!schemes.contains(s)) schemes.add(s);
        }

        void addDataAuthority(String host, String port) throws Refused {
            if (authorities == null) authorities = new ArrayList<>();
            authorities.add(new AuthorityEntry(host, port));
        }

        // IntentFilter.addDataPath: new PatternMatcher(path, type) (AOSP code) throws
        // IllegalArgumentException for an advanced pattern it cannot parse.
        void addDataPath(String path, int type) throws Refused {
            if (paths == null) paths = new ArrayList<>();
            try {
                paths.add(new PatternMatcher(path, type));
            } catch (RuntimeException e) {
                throw new Refused("PatternMatcher: " + e.getMessage());
            }
        }

        void addDataSchemeSpecificPart(String ssp, int type) throws Refused {
            if (ssps == null) ssps = new ArrayList<>();
            try {
                ssps.add(new PatternMatcher(ssp, type));
            } catch (RuntimeException e) {
                throw new Refused("PatternMatcher: " + e.getMessage());
            }
        }

        // IntentFilter.addDataType / processMimeType
        void addDataType(String type) throws Refused {
            final int slashpos = type.indexOf('/');
            final int typelen = type.length();
            if (slashpos <= 0 || typelen < slashpos + 2) {
                throw new Refused("MalformedMimeTypeException: " + type);
            }
            if (types == null) types = new ArrayList<>();
            types.add(type);
        }

        void addCategory(String c) {
            if (categories == null) categories = new ArrayList<>();
            if (!categories.contains(c)) categories.add(c);
        }

        boolean hasCategory(String c) { return categories != null && categories.contains(c); }

        // IntentFilter.matchDataAuthority(Uri, boolean)
        int matchDataAuthority(ParsedUri data) {
            if (data == null || authorities == null) return NO_MATCH_DATA;
            for (AuthorityEntry ae : authorities) {
                int match = ae.match(data);
                if (match >= 0) return match;
            }
            return NO_MATCH_DATA;
        }

        // IntentFilter.hasDataPath(String, boolean)
        boolean hasDataPath(String data) {
            if (paths == null) return false;
            for (PatternMatcher pe : paths) {
                if (pe.match(data)) return true;
            }
            return false;
        }

        // IntentFilter.hasDataSchemeSpecificPart(String, boolean)
        boolean hasDataSchemeSpecificPart(String data) {
            if (ssps == null) return false;
            for (PatternMatcher pe : ssps) {
                if (pe.match(data)) return true;
            }
            return false;
        }

        // IntentFilter.matchData(String type, String scheme, Uri data, boolean=false), type null
        int matchData(String scheme, ParsedUri data) {
            int match = MATCH_CATEGORY_EMPTY;
            if (types == null && schemes == null) {
                return data == null ? MATCH_CATEGORY_EMPTY + MATCH_ADJUSTMENT_NORMAL : NO_MATCH_DATA;
            }
            if (schemes != null) {
                if (schemes.contains(scheme != null ? scheme : "")) {
                    match = MATCH_CATEGORY_SCHEME;
                } else {
                    return NO_MATCH_DATA;
                }
                if (ssps != null && data != null) {
                    match = hasDataSchemeSpecificPart(data.getSchemeSpecificPart())
                            ? MATCH_CATEGORY_SCHEME_SPECIFIC_PART : NO_MATCH_DATA;
                }
                if (match != MATCH_CATEGORY_SCHEME_SPECIFIC_PART) {
                    if (authorities != null) {
                        int authMatch = matchDataAuthority(data);
                        if (authMatch >= 0) {
                            if (paths == null) {
                                match = authMatch;
                            } else if (hasDataPath(data.getPath())) {
                                match = MATCH_CATEGORY_PATH;
                            } else {
                                return NO_MATCH_DATA;
                            }
                        } else {
                            return NO_MATCH_DATA;
                        }
                    }
                }
                if (match == NO_MATCH_DATA) return NO_MATCH_DATA;
            } else {
                if (scheme != null && !"".equals(scheme) && !"content".equals(scheme)
                        && !"file".equals(scheme)) {
                    return NO_MATCH_DATA;
                }
            }
            if (types != null) {
                return NO_MATCH_TYPE;   // findMimeType(null) is false: the link has no type
            }
            return match + MATCH_ADJUSTMENT_NORMAL;
        }

        // IntentFilter.match(action, type, scheme, data, categories, logTag)
        int match(String action, String scheme, ParsedUri data, Set<String> intentCategories) {
            if (action != null && !actions.contains(action)) return NO_MATCH_ACTION;
            int dataMatch = matchData(scheme, data);
            if (dataMatch < 0) return dataMatch;
            // matchCategories
            for (String c : intentCategories) {
                if (categories == null || !categories.contains(c)) return NO_MATCH_CATEGORY;
            }
            return dataMatch;
        }
    }

    static final class Activity {
        final String name;
        final List<Filter> filters = new ArrayList<>();
        Activity(String name) { this.name = name; }
    }

    static String attr(Element e, String name) throws Refused {
        if (!e.hasAttributeNS(ANDROID_NS, name)) return null;
        return aaptString(e.getAttributeNS(ANDROID_NS, name));
    }

    static List<Element> children(Node parent, String tag) {
        List<Element> out = new ArrayList<>();
        for (Node c = parent.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element && ((Element) c).getTagName().equals(tag)) out.add((Element) c);
        }
        return out;
    }

    // ParsedIntentInfoUtils.parseData
    static void parseData(Filter f, Element d) throws Refused {
        String str = attr(d, "mimeType");
        if (str != null) f.addDataType(str);
        str = attr(d, "scheme");
        if (str != null) f.addDataScheme(str);
        str = attr(d, "ssp");
        if (str != null) f.addDataSchemeSpecificPart(str, PatternMatcher.PATTERN_LITERAL);
        str = attr(d, "sspPrefix");
        if (str != null) f.addDataSchemeSpecificPart(str, PatternMatcher.PATTERN_PREFIX);
        str = attr(d, "sspPattern");
        if (str != null) f.addDataSchemeSpecificPart(str, PatternMatcher.PATTERN_SIMPLE_GLOB);
        str = attr(d, "sspAdvancedPattern");
        if (str != null) f.addDataSchemeSpecificPart(str, PatternMatcher.PATTERN_ADVANCED_GLOB);
        str = attr(d, "sspSuffix");
        if (str != null) f.addDataSchemeSpecificPart(str, PatternMatcher.PATTERN_SUFFIX);
        String host = attr(d, "host");
        String port = attr(d, "port");
        if (host != null) f.addDataAuthority(host, port);
        str = attr(d, "path");
        if (str != null) f.addDataPath(str, PatternMatcher.PATTERN_LITERAL);
        str = attr(d, "pathPrefix");
        if (str != null) f.addDataPath(str, PatternMatcher.PATTERN_PREFIX);
        str = attr(d, "pathPattern");
        if (str != null) f.addDataPath(str, PatternMatcher.PATTERN_SIMPLE_GLOB);
        str = attr(d, "pathAdvancedPattern");
        if (str != null) f.addDataPath(str, PatternMatcher.PATTERN_ADVANCED_GLOB);
        str = attr(d, "pathSuffix");
        if (str != null) f.addDataPath(str, PatternMatcher.PATTERN_SUFFIX);
    }

    static List<Activity> parseManifest(String xml) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        dbf.setExpandEntityReferences(false);
        DocumentBuilder db = dbf.newDocumentBuilder();
        Document doc = db.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element manifest = doc.getDocumentElement();
        String pkg = manifest.getAttribute("package");
        List<Activity> activities = new ArrayList<>();
        for (Element app : children(manifest, "application")) {
            for (Element a : children(app, "activity")) {
                Activity act = new Activity(buildClassName(pkg, attr(a, "name")));
                for (Element fe : children(a, "intent-filter")) {
                    Filter f = new Filter();
                    for (Element x : children(fe, "action")) f.actions.add(attr(x, "name"));
                    for (Element x : children(fe, "category")) f.addCategory(attr(x, "name"));
                    for (Element x : children(fe, "data")) parseData(f, x);
                    act.filters.add(f);
                }
                activities.add(act);
            }
        }
        return activities;
    }

    // IntentResolver.buildResolveList with MATCH_DEFAULT_ONLY, for the Intent a browser sends:
    // ACTION_VIEW, CATEGORY_BROWSABLE, data = Uri.parse(link), no type.
    // Classification aids only (never used to record answers): -Doracle.ignoreDefault=true drops
    // the MATCH_DEFAULT_ONLY rule, -Doracle.slashPath=true gives a link with an authority and an
    // empty path the path "/". gen_cases.py --classify uses them to name the cause of a difference.
    static final boolean IGNORE_DEFAULT = Boolean.getBoolean("oracle.ignoreDefault");
    static final boolean SLASH_PATH = Boolean.getBoolean("oracle.slashPath");

    static List<String> resolve(List<Activity> activities, String link) {
        ParsedUri data = new ParsedUri(link);
        String scheme = data.getScheme();
        Set<String> cats = new LinkedHashSet<>();
        cats.add(CATEGORY_BROWSABLE);
        List<String> out = new ArrayList<>();
        for (Activity a : activities) {
            for (Filter f : a.filters) {
                int m = f.match(ACTION_VIEW, scheme, data, cats);
                if (m >= 0 && (IGNORE_DEFAULT || f.hasCategory(CATEGORY_DEFAULT))) {   // defaultOnly
                    if (!out.contains(a.name)) out.add(a.name);   // allowFilterResult
                    break;
                }
            }
        }
        return out;
    }

    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                default:
                    if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
            }
        }
        return b.append('"').toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        Base64.Decoder b64 = Base64.getDecoder();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) continue;
            String[] fields = line.split("\t", -1);
            String manifest = new String(b64.decode(fields[0]), StandardCharsets.UTF_8);
            List<Activity> activities;
            try {
                activities = parseManifest(manifest);
            } catch (Refused e) {
                out.println("{\"refused\": true, \"reason\": " + json(e.getMessage()) + "}");
                continue;
            }
            StringBuilder b = new StringBuilder("{\"refused\": false, \"answers\": [");
            for (int i = 1; i < fields.length; i++) {
                String link = new String(b64.decode(fields[i]), StandardCharsets.UTF_8);
                if (i > 1) b.append(", ");
                b.append('[');
                List<String> r = resolve(activities, link);
                for (int k = 0; k < r.size(); k++) {
                    if (k > 0) b.append(", ");
                    b.append(json(r.get(k)));
                }
                b.append(']');
            }
            out.println(b.append("]}"));
        }
        out.flush();
    }
}
