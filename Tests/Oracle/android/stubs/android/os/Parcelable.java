// Stand-in for android.os.Parcelable (PatternMatcher implements it; parcelling is never used).
package android.os;

public interface Parcelable {
    int describeContents();
    void writeToParcel(Parcel dest, int flags);

    interface Creator<T> {
        T createFromParcel(Parcel source);
        T[] newArray(int size);
    }
}
