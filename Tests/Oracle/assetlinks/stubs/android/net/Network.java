// Stand-in: Statement.java imports android.net.Network for a javadoc link only.
package android.net;

public class Network {}
