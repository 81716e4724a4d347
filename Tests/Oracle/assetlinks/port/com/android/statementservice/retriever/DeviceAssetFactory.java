// Port of AssetFactory.create and WebAsset.create / WebAsset(URL) for the statement targets, with
// java.net.URL replaced by the port of Android's libcore URL (ojluni.AndroidURL). Android app
// targets go to AndroidAppAsset.create, compiled unchanged.
//
// Sources (aosp-mirror/platform_frameworks_base, packages/StatementService/src/com/android/
// statementservice/retriever/):
//   AssetFactory.java at 391da039ef02f701f586e0493c4445f1270eaa0c  (create)
//   WebAsset.java     at 1bb54921f33b1cd8e1665cd855702ee559e60139  (create, WebAsset(URL), toJson)
package com.android.statementservice.retriever;

import com.android.statementservice.utils.StatementUtils;

import ojluni.AndroidURL;

import org.json.JSONObject;

import java.net.MalformedURLException;
import java.util.Locale;

public final class DeviceAssetFactory {
    private DeviceAssetFactory() {}

    private static final String FIELD_NOT_STRING_FORMAT_STRING = "Expected %s to be string.";
    private static final String MISSING_FIELD_FORMAT_STRING = "Expected %s to be set.";

    /** A web target as WebAsset holds it: mUrl = new URL(scheme, host, port, ""). */
    public static final class DeviceWebAsset extends AbstractAsset {
        private final AndroidURL mUrl;

        // WebAsset.java: private WebAsset(URL url)
        DeviceWebAsset(AndroidURL url) {
            int port = url.getPort() != -1 ? url.getPort() : url.getDefaultPort();
            try {
                mUrl = AndroidURL.of(url.getProtocol().toLowerCase(), url.getHost().toLowerCase(), port, "");
            } catch (MalformedURLException e) {
                throw new AssertionError(
                        "Url should always be validated before calling the constructor.");
            }
        }

        /** The site as the device writes it: mUrl.toExternalForm() (toJson lower-cases it). */
        public String site() {
            return mUrl.toExternalForm();
        }

        // WebAsset.java: toJson() writes writeFieldLower(site, mUrl.toExternalForm())
        public String siteJson() {
            return mUrl.toExternalForm().toLowerCase(Locale.US);
        }

        @Override public String toJson() { throw new UnsupportedOperationException(); }
        @Override public int lookupKey() { return siteJson().hashCode(); }
        @Override public boolean followInsecureInclude() { return "http".equals(mUrl.getProtocol()); }
    }

    // AssetFactory.java: public static AbstractAsset create(JSONObject asset)
    public static AbstractAsset create(JSONObject asset) throws AssociationServiceException {
        String namespace = asset.optString(StatementUtils.NAMESPACE_FIELD, null);
        if (namespace == null) {
            throw new AssociationServiceException(String.format(
                    FIELD_NOT_STRING_FORMAT_STRING, StatementUtils.NAMESPACE_FIELD));
        }
        if (namespace.equals(StatementUtils.NAMESPACE_WEB)) {
            return createWeb(asset);
        } else if (namespace.equals(StatementUtils.NAMESPACE_ANDROID_APP)) {
            return AndroidAppAsset.create(asset);
        } else {
            throw new AssociationServiceException("Namespace " + namespace + " is not supported.");
        }
    }

    // WebAsset.java: protected static WebAsset create(JSONObject asset)
    static DeviceWebAsset createWeb(JSONObject asset) throws AssociationServiceException {
        if (asset.optString(StatementUtils.WEB_ASSET_FIELD_SITE).equals("")) {
            throw new AssociationServiceException(String.format(MISSING_FIELD_FORMAT_STRING,
                    StatementUtils.WEB_ASSET_FIELD_SITE));
        }
        AndroidURL url;
        try {
            url = AndroidURL.parse(asset.optString(StatementUtils.WEB_ASSET_FIELD_SITE));
        } catch (MalformedURLException e) {
            throw new AssociationServiceException("Url is not well formatted.", e);
        }
        String scheme = url.getProtocol().toLowerCase(Locale.US);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new AssociationServiceException("Expected scheme to be http or https.");
        }
        if (url.getUserInfo() != null) {
            throw new AssociationServiceException("The url should not contain user info.");
        }
        String path = url.getFile(); // This is url.getPath() + url.getQuery().
        if (!path.equals("/") && !path.equals("")) {
            throw new AssociationServiceException(
                    "Site should only have scheme, domain, and port.");
        }
        return new DeviceWebAsset(url);
    }
}
