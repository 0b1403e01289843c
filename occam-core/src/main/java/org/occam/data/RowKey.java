package org.occam.data;

import java.util.Arrays;

/**
 * A row of state indices as a hash key, for the readers that fold a file's rows into distinct rows
 * as they stream it. One probe key wraps a reused scratch array: refill the array, call
 * {@link #rehash}, look it up, and store a key over a copy only when the row is new, so that a
 * repeated row costs no allocation.
 */
public final class RowKey {
  private final int[] row;
  private int hash;

  /** A key over {@code row} (not copied: the caller keeps it unchanged or calls {@link #rehash}). */
  public RowKey(int[] row) {
    this.row = row;
    rehash();
  }

  /** The wrapped array (not a copy). */
  public int[] row() {
    return row;
  }

  /** Recomputes the hash after the wrapped array was changed. */
  public void rehash() {
    hash = Arrays.hashCode(row);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowKey k && Arrays.equals(row, k.row);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
