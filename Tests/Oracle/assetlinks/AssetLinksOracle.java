// Oracle harness: how Android 12+'s own code reads an assetlinks.json statement list, and which
// manifest hosts it sends to domain verification. See README.md for what is AOSP code compiled
// unchanged, what is ported, and from which commits.
//
// Call path recorded for a body (the device's, for one host of one package):
//   DomainVerifier.verifyHost (domain/DomainVerifier.kt 2aef2f4e)
//     -> StatementRetriever.retrieve -> retrieve(url, MAX_INCLUDE_LEVEL, source)
//        (network/retriever/StatementRetriever.kt 2aef2f4e)
//       -> StatementParser.parseStatementList(content, source)   <- this harness starts here
// Any exception thrown by parseStatementList leaves verifyHost through its
// `catch (e: Exception)` as VerifyStatus.FAILURE_UNKNOWN: the host fails, whatever else the list
// says ("fails": true). Otherwise the statements and the include URLs are returned; includes are
// fetched by the retriever one level deep and are not followed here.
//
// Protocol: one request a line on stdin, "S\t" + base64(UTF-8 body) or "C\t" + base64(UTF-8
// JSON description of a manifest's activities and intent filters), or the diagnostic
// "W\t" + base64(site). One JSON answer a line.

import com.android.statementservice.network.retriever.StatementParser;
import com.android.statementservice.parser.DalComponentParser;
import com.android.statementservice.retriever.AbstractAsset;
import com.android.statementservice.retriever.AndroidAppAsset;
import com.android.statementservice.retriever.DeviceAssetFactory;
import com.android.statementservice.retriever.DynamicAppLinkComponent;
import com.android.statementservice.retriever.Statement;
import com.android.statementservice.utils.StatementUtils;

import org.json.JSONArray;
import org.json.JSONObject;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

public final class AssetLinksOracle {

    static String describe(Throwable e) {
        return e.getClass().getName() + ": " + e.getMessage();
    }

    static Object orNull(Object o) {
        return o == null ? JSONObject.NULL : o;
    }

    static final String[] PATTERN_TYPES = {
            "PATTERN_LITERAL", "PATTERN_PREFIX", "PATTERN_SIMPLE_GLOB", "PATTERN_ADVANCED_GLOB"};

    static JSONObject dalPattern(String expression) throws Exception {
        JSONObject o = new JSONObject();
        try {
            DalComponentParser.Pair p = DalComponentParser.parseMatchingExpression(expression);
            o.put("type", PATTERN_TYPES[p.first]);
            o.put("pattern", p.second);
        } catch (RuntimeException e) {
            o.put("error", describe(e));
        }
        return o;
    }

    static JSONObject target(AbstractAsset t) throws Exception {
        JSONObject o = new JSONObject();
        if (t instanceof DeviceAssetFactory.DeviceWebAsset) {
            o.put("web", ((DeviceAssetFactory.DeviceWebAsset) t).site());
        } else {
            AndroidAppAsset a = (AndroidAppAsset) t;
            JSONObject app = new JSONObject();
            app.put("package_name", a.getPackageName());
            app.put("sha256_cert_fingerprints", new JSONArray(a.getCertFingerprints()));
            o.put("android_app", app);
        }
        return o;
    }

    static Object dynamicRules(List<DynamicAppLinkComponent> components) throws Exception {
        if (components.isEmpty()) return JSONObject.NULL;
        JSONArray out = new JSONArray();
        for (DynamicAppLinkComponent c : components) {
            JSONObject o = new JSONObject();
            JSONObject patterns = new JSONObject();
            o.put("exclude", c.getExclude());
            o.put("/", orNull(c.getPath()));
            o.put("#", orNull(c.getFragment()));
            if (c.getPath() != null) patterns.put("/", dalPattern(c.getPath()));
            if (c.getFragment() != null) patterns.put("#", dalPattern(c.getFragment()));
            if (c.getQuery() == null) {
                o.put("?", JSONObject.NULL);
            } else {
                JSONObject q = new JSONObject();
                JSONObject qp = new JSONObject();
                for (Map.Entry<String, String> e : c.getQuery().entrySet()) {
                    q.put(e.getKey(), e.getValue());
                    qp.put(e.getKey(), dalPattern(e.getValue()));
                }
                o.put("?", q);
                patterns.put("?", qp);
            }
            o.put("comments", c.getComments());
            o.put("dal_patterns", patterns);
            out.put(o);
        }
        return out;
    }

    static JSONObject statements(String body) throws Exception {
        // The source asset as DomainVerifier.verifyHost builds it for a host.
        AbstractAsset source = AbstractAsset.create(StatementUtils.createWebAssetString("example.com"));
        JSONObject out = new JSONObject();
        StatementParser.ParsedStatement parsed;
        try {
            parsed = StatementParser.parseStatementList(body, source);
        } catch (Exception e) {
            out.put("fails", true);
            out.put("error", describe(e));
            out.put("statements", new JSONArray());
            out.put("includes", new JSONArray());
            return out;
        }
        JSONArray list = new JSONArray();
        for (List<Statement> group : parsed.groups) {
            JSONObject s = new JSONObject();
            JSONArray rels = new JSONArray();
            for (Statement st : group) rels.put(st.getRelation().toString());
            s.put("relations", rels);
            s.put("target", target(group.get(0).getTarget()));
            s.put("dynamic_rules", dynamicRules(group.get(0).getDynamicAppLinkComponents()));
            list.put(s);
        }
        JSONArray includes = new JSONArray();
        for (String d : parsed.delegates) {
            // Every statement that is not an include adds listOfNotNull("") = [""]; the retriever
            // then fails to make a URL of "" and gets nothing. Only real include values are kept.
            if (!d.isEmpty()) includes.put(d);
        }
        out.put("fails", false);
        out.put("error", JSONObject.NULL);
        out.put("statements", list);
        out.put("includes", includes);
        return out;
    }

    static JSONObject collector(String json) throws Exception {
        JSONObject req = new JSONObject(json);
        JSONArray acts = req.getJSONArray("activities");
        List<List<DomainCollector.IntentFilter>> activities = new ArrayList<>();
        JSONObject out = new JSONObject();
        try {
            for (int a = 0; a < acts.length(); a++) {
                JSONArray filters = acts.getJSONArray(a);
                List<DomainCollector.IntentFilter> list = new ArrayList<>();
                for (int k = 0; k < filters.length(); k++) {
                    JSONObject f = filters.getJSONObject(k);
                    DomainCollector.IntentFilter filter = new DomainCollector.IntentFilter();
                    filter.setAutoVerify(f.optBoolean("autoVerify", false));
                    JSONArray actions = f.getJSONArray("actions");
                    for (int i = 0; i < actions.length(); i++) filter.addAction(actions.getString(i));
                    JSONArray cats = f.getJSONArray("categories");
                    for (int i = 0; i < cats.length(); i++) filter.addCategory(cats.getString(i));
                    JSONArray data = f.getJSONArray("data");
                    for (int i = 0; i < data.length(); i++) {
                        JSONObject d = data.getJSONObject(i);
                        DomainCollector.parseData(filter,
                                d.has("scheme") ? d.getString("scheme") : null,
                                d.has("host") ? d.getString("host") : null,
                                d.has("port") ? d.getString("port") : null);
                    }
                    list.add(filter);
                }
                activities.add(list);
            }
        } catch (RuntimeException e) {
            // The package parser turns an exception (AuthorityEntry's Integer.parseInt) into an
            // install failure: nothing is collected.
            out.put("refused", true);
            out.put("reason", describe(e));
            out.put("hosts", new JSONArray());
            out.put("invalid_hosts", new JSONArray());
            return out;
        }
        out.put("refused", false);
        out.put("reason", JSONObject.NULL);
        out.put("hosts", new JSONArray(DomainCollector.collectAutoVerifyDomains(activities, true)));
        out.put("invalid_hosts", new JSONArray(DomainCollector.collectAutoVerifyDomains(activities, false)));
        return out;
    }

    // Diagnostic only (never recorded as the device's answer): the same web target read by
    // WebAsset compiled unchanged, i.e. over the host JDK's java.net.URL, next to the device's
    // reading over the port of Android's libcore URL. gen_cases.py --compare-url counts the sites
    // where the two disagree.
    static JSONObject compareUrl(String site) throws Exception {
        JSONObject obj = new JSONObject();
        obj.put("namespace", "web");
        obj.put("site", site);
        JSONObject out = new JSONObject();
        try {
            out.put("android", target(DeviceAssetFactory.create(obj)).getString("web"));
        } catch (Exception e) {
            out.put("android", "error: " + describe(e));
        }
        try {
            com.android.statementservice.retriever.WebAsset w =
                    (com.android.statementservice.retriever.WebAsset)
                    com.android.statementservice.retriever.AssetFactory.create(obj);
            out.put("jdk", w.getScheme() + "://" + w.getDomain() + ":" + w.getPort());
        } catch (Exception e) {
            out.put("jdk", "error: " + describe(e));
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        Base64.Decoder b64 = Base64.getDecoder();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) continue;
            String[] f = line.split("\t", -1);
            String payload = new String(b64.decode(f[1]), StandardCharsets.UTF_8);
            JSONObject answer;
            if (f[0].equals("S")) {
                answer = statements(payload);
            } else if (f[0].equals("C")) {
                answer = collector(payload);
            } else if (f[0].equals("W")) {
                answer = compareUrl(payload);
            } else {
                throw new IllegalArgumentException("unknown request kind " + f[0]);
            }
            out.println(answer.toString());
        }
        out.flush();
    }
}
