// Drops the schema hub-load.sh made (and only that one).
import java.sql.DriverManager;

public class HubDrop {
  public static void main(String[] args) throws Exception {
    if (!args[1].matches("hubload_[0-9a-f]{12}")) {
      throw new IllegalArgumentException("not a bench schema: " + args[1]);
    }
    try (var c = new org.postgresql.Driver().connect(args[0], new java.util.Properties());
        var st = c.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS \"" + args[1] + "\" CASCADE");
    }
  }
}
