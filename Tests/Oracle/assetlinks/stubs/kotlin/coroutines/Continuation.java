// Stand-in: Statement.java imports kotlin.coroutines.Continuation for a javadoc link only.
package kotlin.coroutines;

public interface Continuation<T> {}
