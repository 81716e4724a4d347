// Port to Java of the parts of StatementUtils.kt that the parser uses.
//
// Source: packages/StatementService/src/com/android/statementservice/utils/StatementUtils.kt,
// repository aosp-mirror/platform_frameworks_base, commit 37b59a0017340a0951195e93f53f2904af76b16d
// (the only version of this file the mirror stores). The compiled AOSP classes (AssetFactory,
// WebAsset, AndroidAppAsset) read these constants as static fields, as they do from the Kotlin
// `object` on the device.
//
// ASSET_DESCRIPTOR_FIELD_RELATION_EXTENSIONS and RELATION_EXTENSION_FIELD_DAL_COMPONENTS are named
// by StatementParser.kt at 05f31ae6d9faad1581ff6f457e6faa84529d003a but are not in the stored
// StatementUtils.kt (it predates them); their values are the field names of the published
// assetlinks.json format ("relation_extensions", "dynamic_app_link_components"). See README.md.
package com.android.statementservice.utils;

import com.android.statementservice.retriever.AssociationServiceException;
import com.android.statementservice.retriever.Relation;

import java.net.MalformedURLException;
import java.net.URL;

public final class StatementUtils {
    private StatementUtils() {}

    // StatementUtils.kt: const val NAMESPACE_FIELD
    public static final String NAMESPACE_FIELD = "namespace";
    // StatementUtils.kt: const val NAMESPACE_WEB, NAMESPACE_ANDROID_APP
    public static final String NAMESPACE_WEB = "web";
    public static final String NAMESPACE_ANDROID_APP = "android_app";
    // StatementUtils.kt: const val WEB_ASSET_FIELD_SITE
    public static final String WEB_ASSET_FIELD_SITE = "site";
    // StatementUtils.kt: const val ANDROID_APP_ASSET_FIELD_PACKAGE_NAME, ANDROID_APP_ASSET_FIELD_CERT_FPS
    public static final String ANDROID_APP_ASSET_FIELD_PACKAGE_NAME = "package_name";
    public static final String ANDROID_APP_ASSET_FIELD_CERT_FPS = "sha256_cert_fingerprints";
    // StatementUtils.kt: const val ASSET_DESCRIPTOR_FIELD_RELATION, _TARGET, DELEGATE_FIELD_DELEGATE
    public static final String ASSET_DESCRIPTOR_FIELD_RELATION = "relation";
    public static final String ASSET_DESCRIPTOR_FIELD_TARGET = "target";
    public static final String DELEGATE_FIELD_DELEGATE = "include";
    // Named by StatementParser.kt (05f31ae6); value from the published file format (see above).
    public static final String ASSET_DESCRIPTOR_FIELD_RELATION_EXTENSIONS = "relation_extensions";
    public static final String RELATION_EXTENSION_FIELD_DAL_COMPONENTS = "dynamic_app_link_components";

    // StatementUtils.kt: val RELATION by lazy { Relation.create("delegate_permission/common.handle_all_urls") }
    public static final Relation RELATION;
    static {
        try {
            RELATION = Relation.create("delegate_permission/common.handle_all_urls");
        } catch (AssociationServiceException e) {
            throw new AssertionError(e);
        }
    }

    // StatementUtils.kt: private const val WEB_ASSET_FORMAT
    private static final String WEB_ASSET_FORMAT = "{\"namespace\": \"web\", \"site\": \"%s\"}";

    // StatementUtils.kt: fun createWebAssetString(host: String)
    // "Hosts with *. for wildcard subdomain support are verified against their root domain"
    public static String createWebAssetString(String host) throws MalformedURLException {
        String h = host.startsWith("*.") ? host.substring(2) : host;   // removePrefix("*.")
        return String.format(WEB_ASSET_FORMAT, new URL("https", h, "").toString());
    }
}
