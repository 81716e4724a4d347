// Port to Java, method by method, of the code that decides which hosts of an app's manifest
// Android 12+ asks the domain verification agent to verify.
//
// Sources (repository aosp-mirror/platform_frameworks_base):
//   services/core/java/com/android/server/pm/verify/domain/DomainVerificationCollector.java
//       at 14543d1ec72202422373622ee818fe7549be5c7a: DOMAIN_NAME_WITH_WILDCARD,
//       MAX_DOMAINS_BYTE_SIZE, collectValidAutoVerifyDomains / collectInvalidAutoVerifyDomains ->
//       collectDomains -> collectDomainsInternal (RESTRICT_DOMAINS is enabled for
//       targetSdkVersion >= 31), byteSizeOf, isValidHost;
//   core/java/android/content/pm/verify/domain/DomainVerificationUtils.java
//       at b3a5d89d232588fdbb842936f0247e6a28a59546: estimatedByteSizeOf;
//   core/java/android/util/Patterns.java at ff0be1919d9249006a6d6b844f8012436d64f322:
//       IP_ADDRESS_STRING, UCS_CHAR, LABEL_CHAR, TLD_CHAR, IRI_LABEL, PUNYCODE_TLD, TLD, HOST_NAME,
//       DOMAIN_NAME_STR, DOMAIN_NAME (copied verbatim; compiled with OpenJDK's java.util.regex,
//       where a device uses ICU's);
//   core/java/android/content/IntentFilter.java at 01a7983f31379854c073b23844df7dd4705b004a:
//       AuthorityEntry(String, String), AuthorityEntry.getHost, addAction, hasAction,
//       addCategory, hasCategory, addDataScheme, addDataAuthority, countDataAuthorities,
//       getDataAuthority, setAutoVerify, getAutoVerify, handlesWebUris;
//   core/java/com/android/internal/pm/pkg/component/ParsedIntentInfoUtils.java
//       at 04665456754dd7c14b63dd88d5bf4392f0fe3856: parseIntentInfo (autoVerify, action,
//       category) and parseData (scheme, then host + port -> addDataAuthority).
// Attribute strings are used as given: the generator writes no aapt2 escapes, so aapt2's string
// compilation (ported in ../android/AndroidOracle.java) leaves them unchanged.

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

final class DomainCollector {
    private DomainCollector() {}

    static final String ACTION_VIEW = "android.intent.action.VIEW";
    static final String CATEGORY_BROWSABLE = "android.intent.category.BROWSABLE";
    static final String CATEGORY_DEFAULT = "android.intent.category.DEFAULT";
    static final String SCHEME_HTTP = "http";
    static final String SCHEME_HTTPS = "https";

    // ---------------------------------------------------------------------------------------
    // Patterns.java (verbatim string constants)
    private static final String IP_ADDRESS_STRING =
            "((25[0-5]|2[0-4][0-9]|[0-1][0-9]{2}|[1-9][0-9]|[1-9])\\.(25[0-5]|2[0-4]"
            + "[0-9]|[0-1][0-9]{2}|[1-9][0-9]|[1-9]|0)\\.(25[0-5]|2[0-4][0-9]|[0-1]"
            + "[0-9]{2}|[1-9][0-9]|[1-9]|0)\\.(25[0-5]|2[0-4][0-9]|[0-1][0-9]{2}"
            + "|[1-9][0-9]|[0-9]))";
    private static final String UCS_CHAR = "[" +
            "\u00A0-\uD7FF" +
            "\uF900-\uFDCF" +
            "\uFDF0-\uFFEF" +
            "\uD800\uDC00-\uD83F\uDFFD" +
            "\uD840\uDC00-\uD87F\uDFFD" +
            "\uD880\uDC00-\uD8BF\uDFFD" +
            "\uD8C0\uDC00-\uD8FF\uDFFD" +
            "\uD900\uDC00-\uD93F\uDFFD" +
            "\uD940\uDC00-\uD97F\uDFFD" +
            "\uD980\uDC00-\uD9BF\uDFFD" +
            "\uD9C0\uDC00-\uD9FF\uDFFD" +
            "\uDA00\uDC00-\uDA3F\uDFFD" +
            "\uDA40\uDC00-\uDA7F\uDFFD" +
            "\uDA80\uDC00-\uDABF\uDFFD" +
            "\uDAC0\uDC00-\uDAFF\uDFFD" +
            "\uDB00\uDC00-\uDB3F\uDFFD" +
            "\uDB44\uDC00-\uDB7F\uDFFD" +
            "&&[^\u00A0[\u2000-\u200A]\u2028\u2029\u202F\u3000]]";
    private static final String LABEL_CHAR = "a-zA-Z0-9" + UCS_CHAR;
    private static final String TLD_CHAR = "a-zA-Z" + UCS_CHAR;
    private static final String IRI_LABEL =
            "[" + LABEL_CHAR + "](?:[" + LABEL_CHAR + "_\\-]{0,61}[" + LABEL_CHAR + "]){0,1}";
    private static final String PUNYCODE_TLD = "xn\\-\\-[\\w\\-]{0,58}\\w";
    private static final String TLD = "(" + PUNYCODE_TLD + "|" + "[" + TLD_CHAR + "]{2,63}" + ")";
    private static final String HOST_NAME = "(" + IRI_LABEL + "\\.)+" + TLD;
    private static final String DOMAIN_NAME_STR = "(" + HOST_NAME + "|" + IP_ADDRESS_STRING + ")";
    static final Pattern DOMAIN_NAME = Pattern.compile(DOMAIN_NAME_STR);

    // ---------------------------------------------------------------------------------------
    // IntentFilter.java
    static final class AuthorityEntry {
        private final String mOrigHost;
        private final String mHost;
        private final boolean mWild;
        private final int mPort;

        // AuthorityEntry(String host, String port): Integer.parseInt throws on a bad port and the
        // package parser lets the exception refuse the package.
        AuthorityEntry(String host, String port) {
            mOrigHost = host;
            mWild = host.length() > 0 && host.charAt(0) == '*';
            mHost = mWild ? host.substring(1).intern() : host;
            mPort = port != null ? Integer.parseInt(port) : -1;
        }

        // AuthorityEntry.getHost()
        String getHost() {
            return mOrigHost;
        }
    }

    static final class IntentFilter {
        private static final int STATE_VERIFY_AUTO = 0x00000001;
        private final Set<String> mActions = new LinkedHashSet<>();   // ArraySet<String>
        private ArrayList<String> mCategories = null;
        private ArrayList<String> mDataSchemes = null;
        private ArrayList<AuthorityEntry> mDataAuthorities = null;
        private int mVerifyState;

        // setAutoVerify(boolean)
        void setAutoVerify(boolean autoVerify) {
            mVerifyState &= ~STATE_VERIFY_AUTO;
            if (autoVerify) mVerifyState |= STATE_VERIFY_AUTO;
        }

        // getAutoVerify()
        boolean getAutoVerify() {
            return ((mVerifyState & STATE_VERIFY_AUTO) == STATE_VERIFY_AUTO);
        }

        // addAction(String)
        void addAction(String action) {
            mActions.add(action.intern());
        }

        // hasAction(String)
        boolean hasAction(String action) {
            return action != null && mActions.contains(action);
        }

        // addCategory(String)
        void addCategory(String category) {
            if (mCategories == null) mCategories = new ArrayList<String>();
            if (!mCategories.contains(category)) {
                mCategories.add(category.intern());
            }
        }

        // hasCategory(String)
        boolean hasCategory(String category) {
            return mCategories != null && mCategories.contains(category);
        }

        // addDataScheme(String)
        void addDataScheme(String scheme) {
            if (mDataSchemes == null) mDataSchemes = new ArrayList<String>();
            if (!mDataSchemes.contains(scheme)) {
                mDataSchemes.add(scheme.intern());
            }
        }

        // addDataAuthority(String host, String port) -> addDataAuthority(AuthorityEntry)
        void addDataAuthority(String host, String port) {
            if (port != null) port = port.intern();
            AuthorityEntry ent = new AuthorityEntry(host.intern(), port);
            if (mDataAuthorities == null) mDataAuthorities = new ArrayList<AuthorityEntry>();
            mDataAuthorities.add(ent);
        }

        // countDataAuthorities()
        int countDataAuthorities() {
            return mDataAuthorities != null ? mDataAuthorities.size() : 0;
        }

        // getDataAuthority(int)
        AuthorityEntry getDataAuthority(int index) {
            return mDataAuthorities.get(index);
        }

        // handlesWebUris(boolean onlyWebSchemes)
        boolean handlesWebUris(boolean onlyWebSchemes) {
            if (!hasAction(ACTION_VIEW)
                    || !hasCategory(CATEGORY_BROWSABLE)
                    || mDataSchemes == null
                    || mDataSchemes.size() == 0) {
                return false;
            }
            final int N = mDataSchemes.size();
            for (int i = 0; i < N; i++) {
                final String scheme = mDataSchemes.get(i);
                final boolean isWebScheme =
                        SCHEME_HTTP.equals(scheme) || SCHEME_HTTPS.equals(scheme);
                if (onlyWebSchemes) {
                    if (!isWebScheme) {
                        return false;
                    }
                } else {
                    if (isWebScheme) {
                        return true;
                    }
                }
            }
            return onlyWebSchemes;
        }
    }

    // ---------------------------------------------------------------------------------------
    // ParsedIntentInfoUtils.parseData, the two attributes the collector sees:
    //   scheme -> addDataScheme; host (+ port) -> addDataAuthority(host, port) when host != null.
    static void parseData(IntentFilter f, String scheme, String host, String port) {
        if (scheme != null) f.addDataScheme(scheme);
        if (host != null) f.addDataAuthority(host, port);
    }

    // ---------------------------------------------------------------------------------------
    // DomainVerificationCollector.java
    private static final Pattern DOMAIN_NAME_WITH_WILDCARD =
            Pattern.compile("(\\*\\.)?" + DOMAIN_NAME.pattern());
    private static final int MAX_DOMAINS_BYTE_SIZE = 1024 * 1024;
    private static final Matcher mDomainMatcher = DOMAIN_NAME_WITH_WILDCARD.matcher("");

    // collectValidAutoVerifyDomains(pkg) / collectInvalidAutoVerifyDomains(pkg) ->
    // collectDomains(pkg, checkAutoVerify=true, valid) -> collectDomainsInternal with the
    // ARRAY_SET_COLLECTOR (an ArraySet; here a LinkedHashSet, so the order is collection order).
    static List<String> collectAutoVerifyDomains(List<List<IntentFilter>> activities, boolean valid) {
        Set<String> domains = new LinkedHashSet<>();
        collectDomainsInternal(activities, true, valid, domains);
        return new ArrayList<>(domains);
    }

    // collectDomainsInternal(pkg, checkAutoVerify, valid, initialValue, domainCollector)
    private static void collectDomainsInternal(List<List<IntentFilter>> activities,
            boolean checkAutoVerify, boolean valid, Set<String> out) {
        int totalSize = 0;
        boolean underMaxSize = true;
        int activitiesSize = activities.size();
        for (int activityIndex = 0; activityIndex < activitiesSize && underMaxSize;
                activityIndex++) {
            List<IntentFilter> intents = activities.get(activityIndex);
            int intentsSize = intents.size();
            for (int intentIndex = 0; intentIndex < intentsSize && underMaxSize; intentIndex++) {
                IntentFilter intentFilter = intents.get(intentIndex);
                if (checkAutoVerify && !intentFilter.getAutoVerify()) {
                    continue;
                }
                if (!intentFilter.hasCategory(CATEGORY_DEFAULT)
                        || !intentFilter.handlesWebUris(checkAutoVerify)) {
                    continue;
                }
                int authorityCount = intentFilter.countDataAuthorities();
                for (int index = 0; index < authorityCount && underMaxSize; index++) {
                    String host = intentFilter.getDataAuthority(index).getHost();
                    if (isValidHost(host) == valid) {
                        totalSize += byteSizeOf(host);
                        underMaxSize = totalSize < MAX_DOMAINS_BYTE_SIZE;
                        out.add(host);   // ARRAY_SET_COLLECTOR: set.add(domain); return null
                    }
                }
            }
        }
    }

    // byteSizeOf -> DomainVerificationUtils.estimatedByteSizeOf
    private static int byteSizeOf(String string) {
        return string.length() * 2 + 12;
    }

    // isValidHost(String host)  (TextUtils.isEmpty(host) -> false)
    static boolean isValidHost(String host) {
        if (host == null || host.length() == 0) {
            return false;
        }
        mDomainMatcher.reset(host);
        return mDomainMatcher.matches();
    }
}
