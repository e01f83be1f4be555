package dev.sustain.serve;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium (Debian's chromium and chromium-driver) driven by Selenium, with a fresh
 * profile and nothing that talks to the network on its own. Skips the calling test, with the
 * reason, where either is missing. Close it.
 */
public final class Browser implements AutoCloseable {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

  public final WebDriver driver;

  private Browser(WebDriver driver) {
    this.driver = driver;
  }

  public static Browser open(Path dir) throws Exception {
    return open(dir, new String[0]);
  }

  /** A browser with more of Chromium's switches, e.g. {@code --host-resolver-rules=...}. */
  public static Browser open(Path dir, String... switches) throws Exception {
    assumeTrue(
        Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
        "chromium and chromium-driver are not installed (apt-get install chromium"
            + " chromium-driver): the dashboard is not opened in a browser");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--window-size=1280,1600",
        "--user-data-dir=" + Files.createTempDirectory(dir, "chromium-profile"));
    options.addArguments(switches);
    if ("root".equals(System.getProperty("user.name"))) {
      options.addArguments("--no-sandbox"); // Chromium refuses to run as root with its sandbox
    }
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(new File(DRIVER.toString()))
            .usingAnyFreePort()
            .build();
    ChromeDriver chrome = new ChromeDriver(service, options);
    // Before any page script: every script the page's policy blocks is noted on the page, so a
    // test can tell that none was blocked (the page works under its policy) or that one was.
    chrome.executeCdpCommand(
        "Page.addScriptToEvaluateOnNewDocument",
        java.util.Map.of(
            "source",
            "document.addEventListener('securitypolicyviolation', function (e) {"
                + " var r = document.documentElement; var n = r.getAttribute('data-csp') || '';"
                + " r.setAttribute('data-csp', n + e.violatedDirective + ' ' + e.blockedURI + ';');"
                + " });"));
    return new Browser(chrome);
  }

  public void get(String url) {
    driver.get(url);
  }

  /** An attribute of the page's html element (the page scripts' markers), or null. */
  public String attr(String name) {
    return (String)
        ((JavascriptExecutor) driver)
            .executeScript("return document.documentElement.getAttribute(arguments[0]);", name);
  }

  /** Runs {@code js} until it calls its last argument back, and gives what it passed. */
  public Object asyncScript(String js, Object... args) {
    driver.manage().timeouts().scriptTimeout(java.time.Duration.ofSeconds(60));
    return ((org.openqa.selenium.JavascriptExecutor) driver).executeAsyncScript(js, args);
  }

  public Object script(String js, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(js, args);
  }

  /** Waits (up to two minutes) until {@code condition} is true; fails with {@code what}. */
  public void await(Function<WebDriver, Boolean> condition, String what) {
    new WebDriverWait(driver, Duration.ofSeconds(120))
        .withMessage(
            () ->
                what
                    + " (page error: "
                    + attr("data-error")
                    + ", api error: "
                    + attr("data-api-error")
                    + ")")
        .until(condition);
  }

  /** Waits until the page script marked the page ready (or failed). */
  public void awaitReady(String page) {
    await(
        d ->
            page.equals(attr("data-page")) && "true".equals(attr("data-ready"))
                || attr("data-error") != null
                || attr("data-api-error") != null,
        "the " + page + " page ready");
  }

  @Override
  public void close() {
    driver.quit();
  }
}
