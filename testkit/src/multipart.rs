//! `multipart/form-data` bodies as the fakes receive them (Discord's file uploads), read the
//! way the platforms do: parts split on the boundary, each with its name, file name, content
//! type and bytes.

/// One part of a multipart body.
#[derive(Clone, PartialEq, Eq)]
pub struct FormPart {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for FormPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "FormPart({}, {:?}, {:?}, {} bytes)",
            self.name,
            self.filename,
            self.content_type,
            self.bytes.len()
        )
    }
}

/// The boundary of a `multipart/form-data` content type, if it is one.
pub fn boundary(content_type: &str) -> Option<String> {
    if !content_type.trim_start().starts_with("multipart/form-data") {
        return None;
    }
    content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
        .map(|b| b.trim_matches('"').to_string())
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from >= hay.len() {
        return None;
    }
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Every part of `body`; a malformed body yields the parts read before the damage.
pub fn parse(body: &[u8], boundary: &str) -> Vec<FormPart> {
    let delim = format!("--{boundary}");
    let mut parts = Vec::new();
    let Some(start) = find(body, delim.as_bytes(), 0) else {
        return parts;
    };
    let mut pos = start + delim.len();
    loop {
        if body[pos..].starts_with(b"--") {
            break;
        }
        let Some(head_end) = find(body, b"\r\n\r\n", pos) else {
            break;
        };
        let head = String::from_utf8_lossy(&body[pos..head_end]).into_owned();
        let content_start = head_end + 4;
        let Some(next) = find(body, format!("\r\n{delim}").as_bytes(), content_start) else {
            break;
        };
        let attr = |name: &str| {
            head.split([';', '\r', '\n']).find_map(|p| {
                p.trim()
                    .strip_prefix(&format!("{name}="))
                    .map(|v| v.trim_matches('"').to_string())
            })
        };
        let content_type = head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case("content-type")
                .then(|| v.trim().to_string())
        });
        if let Some(name) = attr("name") {
            parts.push(FormPart {
                name,
                filename: attr("filename"),
                content_type,
                bytes: body[content_start..next].to_vec(),
            });
        }
        pos = next + 2 + delim.len();
    }
    parts
}
