// Port to Java, method by method, of StatementParser.kt, the parser the StatementService app
// (the on-device Digital Asset Links verifier, Android 12+) runs on a host's assetlinks.json.
//
// Source: packages/StatementService/src/com/android/statementservice/network/retriever/
// StatementParser.kt, repository aosp-mirror/platform_frameworks_base,
// commit 05f31ae6d9faad1581ff6f457e6faa84529d003a (the stored version with
// relation_extensions / dynamic_app_link_components; an older stored version,
// 374e6d6cc9b587a195c49003e84a5a2543477962, is the same without parseDynamicAppLinkComponents).
//
// One deliberate substitution: AssetFactory.create (compiled unchanged, it reaches java.net.URL
// through WebAsset) is replaced by DeviceAssetFactory.create, the same code over a port of
// Android's libcore URL parser. Everything else calls the AOSP classes compiled unchanged:
// android.util.JsonReader, JsonParser, org.json (libcore), Relation, AndroidAppAsset, Statement,
// DynamicAppLinkComponent.
//
// Kotlin exceptions are unchecked: every exception below propagates out of parseStatementList,
// through StatementRetriever.retrieve, to DomainVerifier.verifyHost's catch (e: Exception), which
// answers VerifyStatus.FAILURE_UNKNOWN for the host.
package com.android.statementservice.network.retriever;

import android.util.JsonReader;

import com.android.statementservice.retriever.AbstractAsset;
import com.android.statementservice.retriever.DeviceAssetFactory;
import com.android.statementservice.retriever.DynamicAppLinkComponent;
import com.android.statementservice.retriever.JsonParser;
import com.android.statementservice.retriever.Relation;
import com.android.statementservice.retriever.Statement;
import com.android.statementservice.utils.StatementUtils;

import org.json.JSONArray;
import org.json.JSONObject;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class StatementParser {
    private StatementParser() {}

    private static final String FIELD_NOT_STRING_FORMAT_STRING = "Expected %s to be string.";
    private static final String FIELD_NOT_ARRAY_FORMAT_STRING = "Expected %s to be array.";
    private static final String COMMENTS_NAME = "comments";
    private static final String EXCLUDE_NAME = "exclude";
    private static final String FRAGMENT_NAME = "#";
    private static final String QUERY_NAME = "?";
    private static final String PATH_NAME = "/";
    static final boolean BEFORE_DAL = Boolean.getBoolean("oracle.beforeDal");

    /** StatementParser.kt: data class ParsedStatement(statements, delegates) */
    public static final class ParsedStatement {
        public final List<Statement> statements;
        public final List<String> delegates;
        /** Oracle bookkeeping only: the statements grouped by the JSON object that made them. */
        public final List<List<Statement>> groups;
        ParsedStatement(List<Statement> statements, List<String> delegates, List<List<Statement>> groups) {
            this.statements = statements;
            this.delegates = delegates;
            this.groups = groups;
        }
    }

    /** utils/Result.kt Failure: parseOneStatement's skip, carrying the message. */
    private static final class Failure {
        final String message;
        Failure(String message) { this.message = message; }
    }

    // StatementParser.kt: fun parseStatementList(statementList: String, source: AbstractAsset)
    // Result.Success(ParsedStatement(statements, delegates)) is returned as the ParsedStatement.
    public static ParsedStatement parseStatementList(String statementList, AbstractAsset source)
            throws Exception {
        List<Statement> statements = new ArrayList<>();
        List<String> delegates = new ArrayList<>();
        List<List<Statement>> groups = new ArrayList<>();
        try (StringReader stringReader = new StringReader(statementList);
             JsonReader reader = new JsonReader(stringReader)) {
            reader.setLenient(false);
            reader.beginArray();
            while (reader.hasNext()) {
                Object result = parseOneStatement(reader, source);
                if (result instanceof Failure) {
                    continue;
                }
                ParsedStatement value = (ParsedStatement) result;
                statements.addAll(value.statements);
                delegates.addAll(value.delegates);
                if (!value.statements.isEmpty()) groups.add(value.statements);
            }
            reader.endArray();
        }
        return new ParsedStatement(statements, delegates, groups);
    }

    // StatementParser.kt: private fun parseOneStatement(reader, source): Result<ParsedStatement>
    private static Object parseOneStatement(JsonReader reader, AbstractAsset source) throws Exception {
        JSONObject statement = JsonParser.parse(reader);
        String delegate = statement.optString(StatementUtils.DELEGATE_FIELD_DELEGATE);
        if (delegate != null && !delegate.isEmpty()) {
            return new ParsedStatement(Collections.emptyList(), Collections.singletonList(delegate),
                    Collections.emptyList());
        }

        JSONObject targetObject = statement.optJSONObject(StatementUtils.ASSET_DESCRIPTOR_FIELD_TARGET);
        if (targetObject == null) {
            return new Failure(String.format(FIELD_NOT_STRING_FORMAT_STRING,
                    StatementUtils.ASSET_DESCRIPTOR_FIELD_TARGET));
        }
        JSONArray relations = statement.optJSONArray(StatementUtils.ASSET_DESCRIPTOR_FIELD_RELATION);
        if (relations == null) {
            return new Failure(String.format(FIELD_NOT_ARRAY_FORMAT_STRING,
                    StatementUtils.ASSET_DESCRIPTOR_FIELD_RELATION));
        }
        AbstractAsset target = DeviceAssetFactory.create(targetObject);
        // -Doracle.beforeDal=true: the earlier StatementParser.kt (374e6d6cc9b587a195c49003e84a5a2543477962,
        // Android 12-14), which has no parseDynamicAppLinkComponents and calls
        // Statement.create(source, target, it). gen_cases.py records where that answer differs.
        List<DynamicAppLinkComponent> dynamicAppLinkComponents = BEFORE_DAL
                ? Collections.emptyList() : parseDynamicAppLinkComponents(statement);

        // (0 until relations.length()).map { relations.getString(it) }.map(Relation::create)
        //     .map { Statement.create(source, target, it, dynamicAppLinkComponents) }
        List<String> strings = new ArrayList<>();
        for (int it = 0; it < relations.length(); it++) {
            strings.add(relations.getString(it));
        }
        List<Relation> rels = new ArrayList<>();
        for (String s : strings) {
            rels.add(Relation.create(s));
        }
        List<Statement> statements = new ArrayList<>();
        for (Relation r : rels) {
            statements.add(Statement.create(source, target, r, dynamicAppLinkComponents));
        }
        // listOfNotNull(delegate): delegate is "" here, which is not null
        return new ParsedStatement(statements, Collections.singletonList(delegate), Collections.emptyList());
    }

    // StatementParser.kt: private fun parseDynamicAppLinkComponents(statement: JSONObject?)
    private static List<DynamicAppLinkComponent> parseDynamicAppLinkComponents(JSONObject statement)
            throws Exception {
        JSONObject relationExtensions = statement == null ? null
                : statement.optJSONObject(StatementUtils.ASSET_DESCRIPTOR_FIELD_RELATION_EXTENSIONS);
        if (relationExtensions == null) return Collections.emptyList();
        JSONObject handleAllUrlsRelationExtension =
                relationExtensions.optJSONObject(StatementUtils.RELATION.toString());
        if (handleAllUrlsRelationExtension == null) return Collections.emptyList();
        JSONArray components = handleAllUrlsRelationExtension.optJSONArray(
                StatementUtils.RELATION_EXTENSION_FIELD_DAL_COMPONENTS);
        if (components == null) return Collections.emptyList();

        List<JSONObject> objects = new ArrayList<>();
        for (int it = 0; it < components.length(); it++) {
            objects.add(components.getJSONObject(it));
        }
        List<DynamicAppLinkComponent> out = new ArrayList<>();
        for (JSONObject o : objects) {
            out.add(parseComponent(o));
        }
        return out;
    }

    // StatementParser.kt: private fun parseComponent(component: JSONObject)
    private static DynamicAppLinkComponent parseComponent(JSONObject component) throws Exception {
        JSONObject query = component.optJSONObject(QUERY_NAME);
        boolean exclude = component.optBoolean(EXCLUDE_NAME, false);
        String fragment = component.has(FRAGMENT_NAME) ? component.getString(FRAGMENT_NAME) : null;
        String path = component.has(PATH_NAME) ? component.getString(PATH_NAME) : null;
        // query?.keys()?.asSequence()?.associateWith { query.getString(it) } (a LinkedHashMap)
        Map<String, String> queryMap = null;
        if (query != null) {
            queryMap = new LinkedHashMap<>();
            for (Iterator<String> keys = query.keys(); keys.hasNext(); ) {
                String key = keys.next();
                queryMap.put(key, query.getString(key));
            }
        }
        String comments = component.optString(COMMENTS_NAME);
        return DynamicAppLinkComponent.create(exclude, fragment, path, queryMap, comments);
    }
}
