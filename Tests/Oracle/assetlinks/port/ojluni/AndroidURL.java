// Port to Java of the java.net.URL parsing that Android's libcore runs (ojluni), so that the
// oracle does not depend on the host JDK's java.net.URL, which differs (see README.md).
//
// Sources (AOSP platform/libcore, ojluni/src/main/java/java/net/):
//   URL.java              read from LineageOS/android_libcore at 1f1c5d3df805164b241e454e513c1573e6102eba
//                         and from AOSP libcore master (multi-os-engine/libcore mirror) at
//                         49965c1dc9da104344f4893a05e45795a5740d20, identical in the methods below;
//   URLStreamHandler.java read from LineageOS/android_libcore at 3a6411ec91b24e73f36301d0075bc7b052894ae9
//                         and from the same libcore master, identical in parseURL/toExternalForm.
// Handlers: URL.getURLStreamHandler (android-changed) knows file, ftp, jar, http, https only;
// http/https are com.android.okhttp.HttpHandler/HttpsHandler (default ports 80/443), which keep
// URLStreamHandler.parseURL and toExternalForm. jar's own parseURL is not ported (the generator
// makes no jar: sites; a jar: site is rejected by WebAsset.create either way).
package ojluni;

import java.net.MalformedURLException;

public final class AndroidURL {
    private String protocol;
    private String host;
    private int port = -1;
    private String file;
    private String query;
    private String authority;
    private String path;
    private String userInfo;
    private String ref;
    private String handler;   // the protocol whose handler getURLStreamHandler returned

    private AndroidURL() {}

    // URL.java: public URL(String spec) -> this(null, spec) -> URL(URL context, String spec,
    // URLStreamHandler handler) with context == null and handler == null.
    public static AndroidURL parse(String spec) throws MalformedURLException {
        AndroidURL u = new AndroidURL();
        String original = spec;
        int i, limit, c;
        int start = 0;
        String newProtocol = null;
        boolean aRef = false;
        try {
            limit = spec.length();
            while ((limit > 0) && (spec.charAt(limit - 1) <= ' ')) {
                limit--;        //eliminate trailing whitespace
            }
            while ((start < limit) && (spec.charAt(start) <= ' ')) {
                start++;        // eliminate leading whitespace
            }
            if (spec.regionMatches(true, start, "url:", 0, 4)) {
                start += 4;
            }
            if (start < spec.length() && spec.charAt(start) == '#') {
                aRef = true;
            }
            for (i = start; !aRef && (i < limit) && ((c = spec.charAt(i)) != '/'); i++) {
                if (c == ':') {
                    String s = spec.substring(start, i).toLowerCase();
                    if (isValidProtocol(s)) {
                        newProtocol = s;
                        start = i + 1;
                    }
                    break;
                }
            }
            u.protocol = newProtocol;
            if (u.protocol == null) {
                throw new MalformedURLException("no protocol: " + original);
            }
            if ((u.handler = getURLStreamHandler(u.protocol)) == null) {
                throw new MalformedURLException("unknown protocol: " + u.protocol);
            }
            i = spec.indexOf('#', start);
            if (i >= 0) {
                u.ref = spec.substring(i + 1, limit);
                limit = i;
            }
            u.parseURL(spec, start, limit);
        } catch (MalformedURLException e) {
            throw e;
        } catch (Exception e) {
            MalformedURLException exception = new MalformedURLException(e.getMessage());
            exception.initCause(e);
            throw exception;
        }
        return u;
    }

    // URL.java: public URL(String protocol, String host, int port, String file) ->
    // URL(protocol, host, port, file, null), with class Parts.
    public static AndroidURL of(String protocol, String host, int port, String file)
            throws MalformedURLException {
        AndroidURL u = new AndroidURL();
        protocol = protocol.toLowerCase();
        u.protocol = protocol;
        if (host != null) {
            if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
                host = "[" + host + "]";
            }
            u.host = host;
            if (port < -1) {
                throw new MalformedURLException("Invalid port number :" + port);
            }
            u.port = port;
            u.authority = (port == -1) ? host : host + ":" + port;
        }
        // class Parts
        String pfile = file;
        int ind = pfile.indexOf('#');
        String pref = ind < 0 ? null : pfile.substring(ind + 1);
        pfile = ind < 0 ? pfile : pfile.substring(0, ind);
        String ppath;
        String pquery = null;
        int q = pfile.lastIndexOf('?');
        if (q != -1) {
            pquery = pfile.substring(q + 1);
            ppath = pfile.substring(0, q);
        } else {
            ppath = pfile;
        }
        if (ppath != null && ppath.length() > 0 && ppath.charAt(0) != '/'
                && host != null && !host.isEmpty()) {
            ppath = '/' + ppath;
        }
        u.path = ppath;
        u.query = pquery;
        u.file = pquery != null ? ppath + "?" + pquery : ppath;
        u.ref = pref;
        if ((u.handler = getURLStreamHandler(protocol)) == null) {
            throw new MalformedURLException("unknown protocol: " + protocol);
        }
        return u;
    }

    // URL.java: private boolean isValidProtocol(String protocol)
    private static boolean isValidProtocol(String protocol) {
        int len = protocol.length();
        if (len < 1)
            return false;
        char c = protocol.charAt(0);
        if (!Character.isLetter(c))
            return false;
        for (int i = 1; i < len; i++) {
            c = protocol.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '.' && c != '+' && c != '-') {
                return false;
            }
        }
        return true;
    }

    // URL.java: static URLStreamHandler getURLStreamHandler(String protocol), the android-changed
    // built-in fallback (no factory, no java.protocol.handler.pkgs on a device).
    private static String getURLStreamHandler(String protocol) {
        switch (protocol) {
            case "file": case "ftp": case "jar": case "http": case "https":
                return protocol;
            default:
                return null;
        }
    }

    // URLStreamHandler.getDefaultPort as overridden by the handlers: okhttp HttpHandler 80,
    // HttpsHandler 443, sun.net.www.protocol.ftp.Handler 21; file and jar keep -1.
    public int getDefaultPort() {
        switch (handler) {
            case "http": return 80;
            case "https": return 443;
            case "ftp": return 21;
            default: return -1;
        }
    }

    // URLStreamHandler.java: protected void parseURL(URL u, String spec, int start, int limit)
    // (the fields start out as the new URL's: protocol set, everything else null / -1).
    private void parseURL(String spec, int start, int limit) {
        String protocol = this.protocol;
        String authority = this.authority;
        String userInfo = this.userInfo;
        String host = this.host;
        int port = this.port;
        String path = this.path;
        String query = this.query;
        String ref = this.ref;

        boolean isRelPath = false;
        boolean queryOnly = false;
        boolean querySet = false;                                   // android

        if (start < limit) {
            int queryStart = spec.indexOf('?');
            queryOnly = queryStart == start;
            if ((queryStart != -1) && (queryStart < limit)) {
                query = spec.substring(queryStart + 1, limit);
                if (limit > queryStart)
                    limit = queryStart;
                spec = spec.substring(0, queryStart);
                querySet = true;                                    // android
            }
        }

        int i = 0;
        boolean isUNCName = false;                                  // android: UNC disabled
        if (!isUNCName && (start <= limit - 2) && (spec.charAt(start) == '/')
                && (spec.charAt(start + 1) == '/')) {
            start += 2;
            i = spec.indexOf('/', start);
            if (i < 0) {
                i = spec.indexOf('?', start);
                if (i < 0)
                    i = limit;
            }
            host = authority = spec.substring(start, i);
            int ind = authority.indexOf('@');
            if (ind != -1) {
                userInfo = authority.substring(0, ind);
                host = authority.substring(ind + 1);
            } else {
                userInfo = null;
            }
            if (host != null) {
                if (host.length() > 0 && (host.charAt(0) == '[')) {
                    if ((ind = host.indexOf(']')) > 2) {
                        String nhost = host;
                        host = nhost.substring(0, ind + 1);
                        if (!sun.net.util.IPAddressUtil.isIPv6LiteralAddress(host.substring(1, ind))) {
                            throw new IllegalArgumentException("Invalid host: " + host);
                        }
                        port = -1;
                        if (nhost.length() > ind + 1) {
                            if (nhost.charAt(ind + 1) == ':') {
                                ++ind;
                                if (nhost.length() > (ind + 1)) {
                                    port = Integer.parseInt(nhost.substring(ind + 1));
                                }
                            } else {
                                throw new IllegalArgumentException("Invalid authority field: " + authority);
                            }
                        }
                    } else {
                        throw new IllegalArgumentException("Invalid authority field: " + authority);
                    }
                } else {
                    ind = host.indexOf(':');
                    port = -1;
                    if (ind >= 0) {
                        if (host.length() > (ind + 1)) {
                            // android: the port must start with a digit
                            char firstPortChar = host.charAt(ind + 1);
                            if (firstPortChar >= '0' && firstPortChar <= '9') {
                                port = Integer.parseInt(host.substring(ind + 1));
                            } else {
                                throw new IllegalArgumentException("invalid port: " + host.substring(ind + 1));
                            }
                        }
                        host = host.substring(0, ind);
                    }
                }
            } else {
                host = "";
            }
            if (port < -1)
                throw new IllegalArgumentException("Invalid port number :" + port);
            start = i;
            // android: the path comes from the spec only
            path = null;
            if (!querySet) {
                query = null;
            }
        }

        if (host == null) {
            host = "";
        }

        if (start < limit) {
            if (spec.charAt(start) == '/') {
                path = spec.substring(start, limit);
            } else if (path != null && path.length() > 0) {
                isRelPath = true;
                int ind = path.lastIndexOf('/');
                String seperator = "";
                if (ind == -1 && authority != null)
                    seperator = "/";
                path = path.substring(0, ind + 1) + seperator + spec.substring(start, limit);
            } else {
                String seperator = (authority != null) ? "/" : "";
                path = seperator + spec.substring(start, limit);
            }
        }
        if (path == null)
            path = "";

        if (true) {                                                 // android: always normalise
            while ((i = path.indexOf("/./")) >= 0) {
                path = path.substring(0, i) + path.substring(i + 2);
            }
            i = 0;
            while ((i = path.indexOf("/../", i)) >= 0) {
                if (i == 0) {                                       // android: leading /../
                    path = path.substring(i + 3);
                    i = 0;
                } else if (i > 0 && (limit = path.lastIndexOf('/', i - 1)) >= 0
                        && (path.indexOf("/../", limit) != 0)) {
                    path = path.substring(0, limit) + path.substring(i + 3);
                    i = 0;
                } else {
                    i = i + 3;
                }
            }
            while (path.endsWith("/..")) {
                i = path.indexOf("/..");
                if ((limit = path.lastIndexOf('/', i - 1)) >= 0) {
                    path = path.substring(0, limit + 1);
                } else {
                    break;
                }
            }
            if (path.startsWith("./") && path.length() > 2)
                path = path.substring(2);
            if (path.endsWith("/."))
                path = path.substring(0, path.length() - 1);
            if (path.endsWith("?"))
                path = path.substring(0, path.length() - 1);
        }

        // URLStreamHandler.setURL(u, protocol, host, port, authority, userInfo, path, query, ref)
        // -> URL.set(u.getProtocol(), host, port, authority, userInfo, path, query, ref)
        set(this.protocol, host, port, authority, userInfo, path, query, ref);
    }

    // URL.java: void set(String protocol, String host, int port, String authority,
    // String userInfo, String path, String query, String ref)
    private void set(String protocol, String host, int port, String authority, String userInfo,
            String path, String query, String ref) {
        this.protocol = protocol;
        this.host = host;
        this.port = port;
        this.file = (query == null || query.isEmpty()) ? path : path + "?" + query;
        this.userInfo = userInfo;
        this.path = path;
        this.ref = ref;
        this.query = query;
        this.authority = authority;
    }

    // URLStreamHandler.java: protected String toExternalForm(URL u)
    public String toExternalForm() {
        StringBuilder result = new StringBuilder();
        result.append(protocol);
        result.append(":");
        if (authority != null) {
            result.append("//");
            result.append(authority);
        }
        String fileAndQuery = file;
        if (fileAndQuery != null) {
            result.append(fileAndQuery);
        }
        if (ref != null) {
            result.append("#");
            result.append(ref);
        }
        return result.toString();
    }

    // URL.java getters
    public String getProtocol() { return protocol; }
    public String getHost() { return host; }
    public int getPort() { return port; }
    public String getFile() { return file; }
    public String getPath() { return path; }
    public String getQuery() { return query; }
    public String getUserInfo() { return userInfo; }
    public String getAuthority() { return authority; }
    public String getRef() { return ref; }
}
