// Stand-in: Statement.java imports StatementRetriever (a Kotlin class) for a javadoc link only.
// The harness ports the part of StatementRetriever.retrieve that matters (see README.md).
package com.android.statementservice.network.retriever;

public class StatementRetriever {}
